import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';

interface DocumentPageFrameProps {
  /** where "back" goes: '/invoices' */
  back: { to: string; label: string };
  /** 'Invoice', 'Quote', 'Credit note' */
  kindLabel: string;
  number: string;
  status: ReactNode;
  client: { id: string; name: string };
  /** 'Due 22/12/2026', 'Issued 01/12/2026' */
  meta: ReactNode;
  /** the big figure: what the customer owes now (or the total) */
  headline: { label: string; text: string };
  /** the primary action (a labelled button) and the actions menu */
  actions: ReactNode;
  /** the document as the customer sees it: lines and figures */
  document: ReactNode;
  /** timeline, linked documents, downloads */
  aside: ReactNode;
  /** an inline form (editing) shown above the document */
  editor?: ReactNode;
}

/**
 * A document's page (docs/product.md, "Document pages"): number, status and client; the amount
 * owed; the primary action and the menu; the document as the customer sees it; then what
 * happened to it and what it is linked to. Phones read it top to bottom, the actions first.
 */
export function DocumentPageFrame({ back, kindLabel, number, status, client, meta, headline, actions, document, aside, editor }: DocumentPageFrameProps) {
  return (
    <div className="mx-auto max-w-6xl">
      <Link to={back.to} className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {back.label}
      </Link>
      <header className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{kindLabel}</p>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold text-slate-900">{number}</h1>
            {status}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            <Link to={`/clients/${client.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {client.name}
            </Link>
            <span aria-hidden="true"> · </span>
            {meta}
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-6">
          <div className="sm:text-right">
            <p className="text-xs font-medium text-slate-500">{headline.label}</p>
            <p className="text-2xl font-bold tabular-nums text-slate-900" data-testid="headline-amount">
              {headline.text}
            </p>
          </div>
          <div className="flex flex-wrap gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">{actions}</div>
        </div>
      </header>
      {editor}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {/* self-start: the document is as tall as its content, not as the activity column beside it */}
        <Card className="self-start p-4 sm:p-6">
          <h2 className="sr-only">The {kindLabel.toLowerCase()}</h2>
          {document}
        </Card>
        <div className="flex flex-col gap-6 self-start">{aside}</div>
      </div>
    </div>
  );
}

/** A titled block of the page's side column. */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-sm font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}
