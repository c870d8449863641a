import { useEffect, useId, useRef, useState } from 'react';
import { Bell } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import type { TNotification } from '@docket/schemas/share';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useMarkNotificationsRead, useNotifications } from '@/lib/queries/notifications';

/** The page of each kind of document a notification is about. */
const PAGES: Record<TNotification['documentKind'], string> = { quote: 'quotes', invoice: 'invoices', credit_note: 'credit-notes' };

/** The bell: unread count on the button; the list (newest first) opens under it. */
export function NotificationBell({ align = 'left' }: { align?: 'left' | 'right' }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const unread = notifications.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const openOne = (n: TNotification) => {
    if (!n.readAt) markRead.mutate([n.id]);
    setOpen(false);
    void navigate(`/${PAGES[n.documentKind]}/${n.documentId}`);
  };

  return (
    <div ref={wrapper} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={() => setOpen((o) => !o)}
        className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100"
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        {unread > 0 && (
          <span
            data-testid="unread-count"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          // Fixed, so the sidebar's scrolling box never clips it.
          className={cn(
            'fixed z-50 w-80 max-w-[90vw] rounded-md border border-slate-200 bg-white shadow-lg',
            align === 'right' ? 'right-2 top-14' : 'left-56 top-4',
          )}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
            <p className="text-sm font-semibold">Notifications</p>
            {unread > 0 && (
              <button type="button" className="text-sm font-medium text-blue-800 underline underline-offset-2" onClick={() => markRead.mutate(undefined)}>
                Mark all read
              </button>
            )}
          </div>
          {notifications.data && notifications.data.items.length === 0 && <p className="px-3 py-4 text-sm text-slate-600">Nothing yet.</p>}
          {notifications.isError && <p className="px-3 py-4 text-sm text-red-700">Notifications could not be loaded.</p>}
          <ul className="max-h-96 overflow-y-auto">
            {notifications.data?.items.map((n) => (
              <li key={n.id}>
                <button type="button" onClick={() => openOne(n)} className="flex w-full gap-2 px-3 py-2 text-left hover:bg-slate-50">
                  <span aria-hidden="true" className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', n.readAt ? 'bg-transparent' : 'bg-brand-600')} />
                  <span className="min-w-0">
                    <span className="block break-words text-sm text-slate-900">
                      {!n.readAt && <span className="sr-only">Unread: </span>}
                      {n.summary}
                    </span>
                    <time dateTime={n.createdAt} className="text-xs text-slate-600">
                      {formatDateTime(n.createdAt)}
                    </time>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
