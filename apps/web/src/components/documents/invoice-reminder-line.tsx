import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { invoiceRemindersKey, sendReminderNow, useInvoiceReminders } from './invoice-reminders';

/**
 * An unpaid invoice's next scheduled reminder (date and rule) and "Send reminder now"
 * (docs/product.md, "Reminders"), on the client page and the invoice page. A refusal (one already went today, the client opted out) is a toast.
 */
export function InvoiceReminderLine({ invoiceId, invoiceNumber, paused = false }: { invoiceId: string; invoiceNumber: string; paused?: boolean }) {
  const queryClient = useQueryClient();
  const reminders = useInvoiceReminders(invoiceId, true);
  const send = useMutation({
    mutationFn: () => sendReminderNow(invoiceId),
    onSuccess: (answer) => {
      queryClient.setQueryData(invoiceRemindersKey(invoiceId), answer);
      toastSuccess(`Reminder for ${invoiceNumber} sent`);
    },
    onError: (err) => toastError(errorMessage(err, 'The reminder could not be sent')),
  });
  const next = reminders.data?.nextReminder;
  return (
    <span className="flex w-full flex-wrap items-center justify-between gap-2 text-xs text-slate-600" data-testid="invoice-next-reminder">
      <span>
        {reminders.isPending
          ? 'Next reminder…'
          : next
            ? `Next reminder ${formatDate(next.date)} (${next.rule})`
            : (reminders.data?.paused ?? paused)
              ? 'Reminders paused'
              : 'No reminder scheduled'}
        {reminders.data?.lastSentOn && ` · last sent ${formatDate(reminders.data.lastSentOn)}`}
      </span>
      <Button variant="outline" size="sm" disabled={send.isPending} onClick={() => send.mutate()}>
        Send reminder now
      </Button>
    </span>
  );
}
