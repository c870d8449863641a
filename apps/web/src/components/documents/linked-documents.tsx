import { Link } from 'react-router-dom';
import { PageSection } from './document-page-frame';

export interface TDocumentLink {
  to: string;
  label: string;
  detail: string;
}

/** The documents this one is linked to: its quote, its deposit, stage and final invoices, its credit notes. */
export function LinkedDocuments({ links }: { links: readonly TDocumentLink[] }) {
  if (links.length === 0) return null;
  return (
    <PageSection title="Linked documents">
      <ul className="divide-y divide-slate-100 text-sm">
        {links.map((l) => (
          <li key={l.to} className="flex items-baseline justify-between gap-3 py-2">
            <Link to={l.to} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {l.label}
            </Link>
            <span className="text-right text-slate-600">{l.detail}</span>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
