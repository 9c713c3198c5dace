import { useMemo, useState } from 'react';
import { CodeEditor } from '../../../components/code-editor';
import { ErrorMessage } from '../../../components/error-message';
import { prettyXml } from '../../../lib/pretty-xml';
import { useOptionSetXml, useSaveOptionSet } from '../queries/option-sets';

interface OptionsXmlViewProps {
  name: string;
  /** The JSON tab has unsaved edits, which the XML (of the saved set) does not show. */
  jsonDirty: boolean;
  /** After the set was replaced from XML: the JSON draft no longer applies. */
  onSaved(): void;
}

/** The saved set as the server writes it in XML (`GET …?format=xml`), and replacing it from XML. */
export function OptionsXmlView({ name, jsonDirty, onSaved }: OptionsXmlViewProps) {
  const xml = useOptionSetXml(name, true);
  const save = useSaveOptionSet();
  const [editing, setEditing] = useState<string>();
  // Indented for reading; whitespace between option elements carries no meaning.
  const shown = useMemo(() => (xml.data === undefined ? '' : prettyXml(xml.data)), [xml.data]);

  if (xml.isPending) return <p className="muted">Loading the XML…</p>;
  if (xml.error) return <ErrorMessage error={xml.error} title="Could not read the XML form" />;

  return (
    <div className="options-xml">
      <p className="hint">
        The saved set in the XML form MarkLogic's XML clients use.
        {jsonDirty && ' Your unsaved JSON changes are not in it; saving XML here replaces them.'}
      </p>
      <div className="panel__actions panel__actions--top">
        {editing === undefined ? (
          <button type="button" className="button" onClick={() => setEditing(shown)}>
            Edit XML
          </button>
        ) : (
          <>
            <button
              type="button"
              className="button"
              disabled={save.isPending}
              onClick={() => {
                setEditing(undefined);
                save.reset();
              }}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={save.isPending || editing === shown}
              onClick={() =>
                save.mutate(
                  { name, xml: editing },
                  {
                    onSuccess: () => {
                      setEditing(undefined);
                      onSaved();
                    },
                  },
                )
              }
            >
              {save.isPending ? 'Saving…' : 'Save XML'}
            </button>
          </>
        )}
      </div>
      {save.error != null && <ErrorMessage error={save.error} title="Not saved" />}
      <CodeEditor
        value={editing ?? shown}
        language="xml"
        label={`${name} as XML`}
        readOnly={editing === undefined}
        onChange={setEditing}
        minHeight="18rem"
        maxHeight="65vh"
        testId="options-xml"
      />
    </div>
  );
}
