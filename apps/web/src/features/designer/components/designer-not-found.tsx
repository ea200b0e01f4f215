import { messages } from '@camo/shared/messages';
import { Link } from 'react-router';

/** What a designer's page shows when the designer cannot be loaded. */
export function DesignerNotFound() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-4 py-20 sm:px-6">
      <h1 className="stencil-heading text-4xl text-bone">{messages.userNotFoundTitle}</h1>
      <p role="alert" className="text-lg text-sage">
        {messages.userNotFoundBody}
      </p>
      <Link to="/gallery" className="btn btn-primary">
        Back to the gallery
      </Link>
    </div>
  );
}
