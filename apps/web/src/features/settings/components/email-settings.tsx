import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_KINDS,
  REMINDER_SEND_TIME,
  reminderScheduleWords,
  type TEmailTemplateKind,
  type TTemplatePreview,
} from '@docket/schemas/email';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { previewEmailTemplate } from '@/components/documents/email/preview-email-template';
import { emailTemplatesKey, getEmailTemplates } from '../api/email-templates';
import { saveEmailTemplates } from '../api/save-email-templates';
import { getReminderSettings, reminderSettingsKey } from '../api/reminder-settings';
import { saveReminderSettings } from '../api/save-reminder-settings';
import { getOutbox, outboxKey } from '../api/outbox';
import { sendOutbox } from '../api/send-outbox';
import { downloadEml } from '../api/download-eml';
import { SettingsSection } from './settings-section';

const KIND_LABELS: Record<TEmailTemplateKind, string> = {
  quote: 'Quote',
  invoice: 'Invoice',
  credit_note: 'Credit note',
  reminder: 'Reminder',
  password_reset: 'Password reset',
};

function TemplatesEditor() {
  const id = useId();
  const templates = useQuery({ queryKey: emailTemplatesKey, queryFn: getEmailTemplates });
  const [kind, setKind] = useState<TEmailTemplateKind>('invoice');
  const current = templates.data?.[kind];
  return (
    <div className="space-y-3">
      <div>
        <Label htmlFor={`${id}-kind`}>Message to edit</Label>
        <select
          id={`${id}-kind`}
          className="mt-1 block w-full rounded-md border border-slate-300 p-2 text-sm"
          value={kind}
          onChange={(e) => setKind(e.target.value as TEmailTemplateKind)}
        >
          {EMAIL_TEMPLATE_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      {current && <TemplateForm key={`${kind}:${current.subject}:${current.body}`} kind={kind} initial={current} />}
    </div>
  );
}

function TemplateForm({ kind, initial }: { kind: TEmailTemplateKind; initial: { subject: string; body: string } }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState(initial.subject);
  const [body, setBody] = useState(initial.body);
  const [preview, setPreview] = useState<TTemplatePreview | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(what: 'preview' | 'save') {
    setError(null);
    try {
      if (what === 'preview') setPreview(await previewEmailTemplate({ kind, subject, body }));
      else {
        await saveEmailTemplates({ [kind]: { subject, body } });
        await queryClient.invalidateQueries({ queryKey: emailTemplatesKey });
        toastSuccess(`${KIND_LABELS[kind]} template saved`);
      }
    } catch (err) {
      setError(errorMessage(err, 'Template could not be saved'));
    }
  }

  return (
    <div className="space-y-3">
      <div>
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input id={`${id}-subject`} value={subject} onChange={(e) => setSubject(e.target.value)} />
      </div>
      <div>
        <Label htmlFor={`${id}-body`}>Body</Label>
        <Textarea id={`${id}-body`} rows={8} value={body} onChange={(e) => setBody(e.target.value)} />
        <p className="mt-1 text-xs text-slate-500">Placeholders: {EMAIL_PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ')}</p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="button" variant="outline" onClick={() => void run('preview')}>
          Preview
        </Button>
        <Button type="button" onClick={() => void run('save')}>
          Save template
        </Button>
      </div>
      {preview && (
        <section aria-label="Template preview" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          <p className="font-semibold">{preview.subject}</p>
          <pre className="mt-2 whitespace-pre-wrap font-sans">{preview.text}</pre>
        </section>
      )}
    </div>
  );
}

/**
 * Follows the profile the screen holds, so the form appears the moment "Create Company Profile"
 * saves one (no reload); a new account's settings answer the defaults, never a 404 (docs/product.md, "Reminders").
 */
function ReminderSettings({ hasProfile }: { hasProfile: boolean }) {
  const settings = useQuery({ queryKey: reminderSettingsKey, queryFn: getReminderSettings, enabled: hasProfile });
  if (!hasProfile) return <p className="text-sm text-slate-600">Save your company profile first to set up reminders.</p>;
  if (settings.isError) return <p className="text-sm text-red-700">Reminder settings could not be loaded.</p>;
  if (!settings.data) return null;
  return <ReminderForm initial={settings.data} />;
}

/** The days as typed, in words ("3 days before due, on the due date, 7/14/30 days after"). */
function scheduleWords(typed: string): string {
  const days = typed
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if (days.some((n) => !Number.isInteger(n))) return 'Schedule: enter whole numbers of days, separated by commas';
  const words = reminderScheduleWords(days);
  return `Schedule: ${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

function ReminderForm({ initial }: { initial: { enabled: boolean; steps: number[] } }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [steps, setSteps] = useState(initial.steps.join(', '));
  const [error, setError] = useState<string | null>(null);

  async function save() {
    setError(null);
    const parsed = steps
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number);
    if (parsed.some((n) => !Number.isInteger(n))) {
      setError('Each step is a whole number of days');
      return;
    }
    try {
      await saveReminderSettings({ enabled, steps: parsed });
      await queryClient.invalidateQueries({ queryKey: reminderSettingsKey });
      toastSuccess('Reminder settings saved');
    } catch (err) {
      setError(errorMessage(err, 'Reminder settings could not be saved'));
    }
  }

  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        Send payment reminders for unpaid invoices
      </label>
      <div>
        <Label htmlFor={`${id}-steps`}>Reminder days (from the due date; negative = before)</Label>
        <Input id={`${id}-steps`} value={steps} onChange={(e) => setSteps(e.target.value)} aria-describedby={`${id}-schedule`} />
      </div>
      <p id={`${id}-schedule`} data-testid="reminder-schedule" className="text-sm text-slate-700">
        {scheduleWords(steps)}. Reminders go out each day at {REMINDER_SEND_TIME.words}; switching them on, or changing the days, checks overdue invoices within
        a minute.
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="button" onClick={() => void save()}>
        Save reminders
      </Button>
    </div>
  );
}

function Outbox() {
  const queryClient = useQueryClient();
  const outbox = useQuery({ queryKey: outboxKey, queryFn: getOutbox });
  const messages = outbox.data ?? [];
  async function sendAll() {
    try {
      const { queued } = await sendOutbox();
      toastSuccess(`${queued} message${queued === 1 ? '' : 's'} queued for sending`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.email });
    } catch (err) {
      toastError(errorMessage(err, 'Outbox could not be sent'));
    }
  }
  if (messages.length === 0) return <p className="text-sm text-slate-600">The outbox is empty.</p>;
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label="Outbox">
        {messages.map((m) => (
          <li key={m.id} className="rounded-md border border-slate-200 p-3 text-sm">
            <p className="font-semibold">{m.subject}</p>
            <p className="text-slate-600">
              To: {m.to.join(', ')}
              {m.cc.length ? ` · Cc: ${m.cc.join(', ')}` : ''}
            </p>
            {m.attachmentName && <p className="text-slate-600">Attachment: {m.attachmentName}</p>}
            <p className="text-amber-800">{m.note}</p>
            <details className="mt-1">
              <summary className="cursor-pointer">Message</summary>
              <pre className="mt-1 whitespace-pre-wrap font-sans">{m.textBody}</pre>
            </details>
            <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => void downloadEml(m.id, 'message.eml')}>
              Download .eml
            </Button>
          </li>
        ))}
      </ul>
      <Button type="button" onClick={() => void sendAll()}>
        Send outbox
      </Button>
    </div>
  );
}

/** Settings -> Email: templates with preview, reminder steps, and the outbox. */
export function EmailSettings({ hasProfile }: { hasProfile: boolean }) {
  return (
    <>
      <SettingsSection title="Email templates">
        <TemplatesEditor />
      </SettingsSection>
      <SettingsSection title="Payment reminders">
        <ReminderSettings hasProfile={hasProfile} />
      </SettingsSection>
      <SettingsSection title="Outbox">
        <Outbox />
      </SettingsSection>
    </>
  );
}
