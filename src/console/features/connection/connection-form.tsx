import { useState } from 'react';
import { localUsers, validateBaseUrl, type ConnectionSettings, type Target } from '../../lib/connection-settings';

interface ConnectionFormProps {
  settings: ConnectionSettings;
  onApply(settings: ConnectionSettings): void;
  onCancel(): void;
}

export function ConnectionForm({ settings, onApply, onCancel }: ConnectionFormProps) {
  const [draft, setDraft] = useState(settings);
  const [touched, setTouched] = useState(false);
  const set = (patch: Partial<ConnectionSettings>) => setDraft((d) => ({ ...d, ...patch }));
  const urlError = draft.target === 'remote' ? validateBaseUrl(draft.baseUrl) : undefined;

  return (
    <form
      className="connection-form"
      aria-label="Connection settings"
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (urlError) return;
        onApply({ ...draft, baseUrl: draft.baseUrl.trim(), user: draft.user.trim() });
      }}
    >
      <fieldset className="connection-form__targets">
        <legend className="field-label">Target</legend>
        {(['local', 'remote'] as Target[]).map((target) => (
          <label key={target} className="radio">
            <input type="radio" name="target" value={target} checked={draft.target === target} onChange={() => set({ target })} />
            {target === 'local' ? "This browser's database" : 'A remote REST server'}
          </label>
        ))}
      </fieldset>

      <div className="form-grid">
        {draft.target === 'remote' && (
          <>
            <label className="field-label" htmlFor="connection-base-url">
              Base URL
            </label>
            <div>
              <input
                id="connection-base-url"
                className="input input--mono"
                placeholder="http://127.0.0.1:8000"
                value={draft.baseUrl}
                onChange={(e) => set({ baseUrl: e.target.value })}
                aria-invalid={touched && !!urlError}
                aria-describedby="connection-base-url-error"
              />
              {touched && urlError && (
                <p id="connection-base-url-error" className="field-error">
                  {urlError}
                </p>
              )}
            </div>
          </>
        )}
        <label className="field-label" htmlFor="connection-user">
          User
        </label>
        <input
          id="connection-user"
          className="input"
          list="connection-known-users"
          autoComplete="username"
          placeholder={draft.target === 'local' ? 'admin (default)' : 'user name'}
          value={draft.user}
          onChange={(e) => set({ user: e.target.value })}
        />
        <datalist id="connection-known-users">
          {localUsers.map((u) => (
            <option key={u} value={u} />
          ))}
        </datalist>
        <label className="field-label" htmlFor="connection-password">
          Password
        </label>
        <input
          id="connection-password"
          className="input"
          type="password"
          autoComplete="current-password"
          value={draft.password}
          onChange={(e) => set({ password: e.target.value })}
        />
      </div>

      {draft.target === 'local' ? (
        <p className="hint">
          This browser’s database has the users admin, rest-admin, rest-writer and rest-reader; each one’s password is its name.
          With no user it acts as admin.
        </p>
      ) : (
        <p className="hint">
          Credentials are sent with HTTP Basic (a browser cannot do Digest), so the server must accept Basic and allow this page’s
          origin (CORS): <code>npm run serve</code>, or a MarkLogic app server whose authentication is “basic” or “digestbasic”.
        </p>
      )}
      <p className="hint">Settings, including the password, are kept in this browser’s localStorage.</p>

      <div className="panel__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary">
          Connect
        </button>
      </div>
    </form>
  );
}
