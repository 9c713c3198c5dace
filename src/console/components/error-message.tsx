import { ApiError } from '../../client/create-client';

/** The text to show for a failure: the API's own message when it sent one. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

export function ErrorMessage({ error, title }: { error: unknown; title?: string }) {
  const status = error instanceof ApiError && error.statusCode > 0 ? `${error.statusCode} ${error.status}` : undefined;
  return (
    <div className="error-message" role="alert">
      {(title || status) && (
        <div className="error-message__title">
          {title}
          {title && status ? ' — ' : ''}
          {status}
        </div>
      )}
      <div className="error-message__text">{errorText(error)}</div>
    </div>
  );
}
