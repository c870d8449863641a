import { useState, type ReactNode } from 'react';
import { Eye, History, Link2, ListCollapse, Mail, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import { DeliveryStatus } from './email/delivery-status';
import { EmailDialog, type TEmailTarget } from './email/email-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { COMPACT_ROW_GRID } from './sort-header';

/** What the page hands every card: the buttons' handlers, and whether a status action is running. */
export interface TDocumentCardHandlers<A extends string> {
  busy: boolean;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onAction: (action: A) => void;
  /** "Share link": the customer's private link (absent: no such button) */
  onShare?: () => void;
  /** Wide screens: one compact row (same content and actions) instead of the card. */
  compact?: boolean;
}

interface DocumentCardProps<A extends string> extends TDocumentCardHandlers<A> {
  /** Prefix of the heading's id, e.g. `quote-${id}`: the article is named by the document number. */
  idPrefix: string;
  number: string;
  clientName: string | undefined;
  /** The dated line under the client, e.g. 'Created: …' or 'Due: …'. */
  meta: ReactNode;
  /** Top right: the status badge (and whatever the feature shows beside it). */
  aside: ReactNode;
  /** Between the heading block and the buttons. */
  children?: ReactNode;
  /** The compact row's status and money (the card shows them in `aside` and `children`). */
  summary: ReactNode;
  /** The status actions this document allows, in order, with their words and icons. */
  actions: readonly A[];
  actionLabels: Record<A, string>;
  actionIcons: Record<A, LucideIcon>;
  /** The Edit button's word ('Edit', 'Edit due date'); null hides it (a record that takes no change). */
  editLabel?: string | null;
  /** False hides Delete (issued invoices are never deleted). */
  canDelete?: boolean;
  /** The document's history timeline, shown under the card by the History button. */
  renderHistory?: () => ReactNode;
  /** Offers Email (a dialog) and shows the latest delivery's status. */
  email?: TEmailTarget;
}

/** A quote or invoice card: number, client and date, then Preview PDF, Edit, the status actions and Delete. */
export function DocumentCard<A extends string>({
  idPrefix,
  number,
  clientName,
  meta,
  aside,
  children,
  summary,
  compact,
  actions,
  actionLabels,
  actionIcons,
  editLabel = 'Edit',
  canDelete = true,
  renderHistory,
  email,
  busy,
  onPreview,
  onEdit,
  onDelete,
  onAction,
  onShare,
}: DocumentCardProps<A>) {
  const titleId = `${idPrefix}-title`;
  const [historyOpen, setHistoryOpen] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  if (compact) {
    // Icon buttons keep their words as names and tooltips: the row stays one line high, so a
    // 768 px screen shows ten or more documents (docs/product.md, "Document lists").
    const iconButton = (label: string, Icon: LucideIcon, onClick: () => void, extra?: { disabled?: boolean; danger?: boolean; expanded?: boolean }) => (
      <Button
        key={label}
        variant="ghost"
        size="icon"
        aria-label={label}
        title={label}
        disabled={extra?.disabled}
        aria-expanded={extra?.expanded}
        onClick={onClick}
        className={cn('h-8 w-8', extra?.danger && 'text-red-700')}
      >
        <Icon aria-hidden="true" className="h-4 w-4" />
      </Button>
    );
    return (
      <article
        aria-labelledby={titleId}
        className={cn(COMPACT_ROW_GRID, 'px-4 py-1.5')}
      >
        <h2 id={titleId} className="truncate text-sm font-semibold text-slate-900">
          {number}
        </h2>
        <p className="truncate text-sm text-slate-700" title={clientName}>
          {clientName}
        </p>
        <p className="truncate text-xs text-slate-500">{meta}</p>
        <div className="min-w-0">
          {summary}
          {email && <DeliveryStatus documentId={email.id} />}
        </div>
        <div className="flex justify-end gap-0.5">
          {iconButton('Preview PDF', Eye, onPreview)}
          {editLabel !== null && iconButton(editLabel, Pencil, onEdit)}
          {email && iconButton('Email', Mail, () => setEmailing(true))}
          {actions.map((action) => iconButton(actionLabels[action], actionIcons[action], () => onAction(action), { disabled: busy }))}
          {onShare && iconButton('Share link', Link2, onShare)}
          {/* The card's detail block (payments, credit notes, void reason) opens under the row. */}
          {children && iconButton('Details', ListCollapse, () => setDetailsOpen((o) => !o), { expanded: detailsOpen })}
          {renderHistory && iconButton('History', History, () => setHistoryOpen((o) => !o), { expanded: historyOpen })}
          {canDelete && iconButton('Delete', Trash2, onDelete, { danger: true })}
        </div>
        {detailsOpen && <div className="col-span-full py-2">{children}</div>}
        {historyOpen && <div className="col-span-full">{renderHistory?.()}</div>}
        {email && <EmailDialog target={emailing ? email : null} onClose={() => setEmailing(false)} />}
      </article>
    );
  }
  return (
    <Card className="p-4 sm:p-6">
      <article aria-labelledby={titleId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {number}
            </h2>
            <p className="break-words text-sm text-slate-600">{clientName}</p>
            <p className="text-sm text-slate-500">{meta}</p>
          </div>
          {aside}
        </div>
        {children}
        {email && <DeliveryStatus documentId={email.id} />}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onPreview}>
            <Eye aria-hidden="true" className="h-4 w-4" />
            Preview PDF
          </Button>
          {editLabel !== null && (
            <Button variant="outline" size="sm" onClick={onEdit}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              {editLabel}
            </Button>
          )}
          {email && (
            <Button variant="secondary" size="sm" onClick={() => setEmailing(true)}>
              <Mail aria-hidden="true" className="h-4 w-4" />
              Email
            </Button>
          )}
          {actions.map((action) => {
            const Icon: LucideIcon = actionIcons[action];
            return (
              <Button key={action} variant="secondary" size="sm" disabled={busy} onClick={() => onAction(action)}>
                <Icon aria-hidden="true" className="h-4 w-4" />
                {actionLabels[action]}
              </Button>
            );
          })}
          {onShare && (
            <Button variant="outline" size="sm" onClick={onShare}>
              <Link2 aria-hidden="true" className="h-4 w-4" />
              Share link
            </Button>
          )}
          {renderHistory && (
            <Button variant="outline" size="sm" aria-expanded={historyOpen} onClick={() => setHistoryOpen((o) => !o)}>
              <History aria-hidden="true" className="h-4 w-4" />
              History
            </Button>
          )}
          {canDelete && (
            <Button variant="outline" size="sm" onClick={onDelete} className="text-red-700">
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Delete
            </Button>
          )}
        </div>
        {historyOpen && renderHistory?.()}
      </article>
      {email && <EmailDialog target={emailing ? email : null} onClose={() => setEmailing(false)} />}
    </Card>
  );
}
