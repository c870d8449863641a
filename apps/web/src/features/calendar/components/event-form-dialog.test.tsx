import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@docket/schemas/messages';
import type { TEventFormOutput } from '@docket/schemas/forms';
import { EventFormDialog } from './event-form-dialog';
import { emptyEventForm } from './event-form-values';

const CLIENT = { id: '11111111-1111-4111-8111-111111111111', name: 'Acme Plumbing Ltd' };

function renderDialog(onSubmit = vi.fn(async (_values: TEventFormOutput) => {})) {
  const initial = emptyEventForm({ start: new Date(2026, 10, 25, 10), end: new Date(2026, 10, 25, 11), allDay: false });
  render(<EventFormDialog open onOpenChange={() => {}} mode="create" initialValues={initial} clients={[CLIENT]} onSubmit={onSubmit} />);
  return { dialog: screen.getByRole('dialog', { name: 'Create New Event' }), onSubmit };
}

describe('EventFormDialog', () => {
  it('when it opens, then it has every field of the spec, the five colours and the Create Event button', () => {
    const { dialog } = renderDialog();
    for (const label of [/^Title/, 'Type', /^Description/, /^Start Date/, /^End Date/, 'Location', 'Color', 'Client', /^Notes/]) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText(/^Start Date/)).toHaveAttribute('type', 'datetime-local');
    const colours = within(within(dialog).getByLabelText('Color'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(colours).toEqual(['Green', 'Yellow', 'Red', 'Blue', 'Purple']);
    expect(within(dialog).getByRole('button', { name: 'Create Event' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('when the title and dates are empty, then the spec messages show and nothing is submitted', async () => {
    const { dialog, onSubmit } = renderDialog();
    await userEvent.clear(within(dialog).getByLabelText(/^Start Date/));
    await userEvent.clear(within(dialog).getByLabelText(/^End Date/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByText(MSG.titleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.startDateRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.endDateRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('when the end is before the start, then the end date is refused with the shared message', async () => {
    const { dialog, onSubmit } = renderDialog();
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Survey');
    await userEvent.clear(within(dialog).getByLabelText(/^End Date/));
    await userEvent.type(within(dialog).getByLabelText(/^End Date/), '2026-11-25T09:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByText(MSG.endBeforeStart)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('when the type changes before a colour is picked, then the colour follows the type; a picked colour stays', async () => {
    const { dialog } = renderDialog();
    const colour = within(dialog).getByLabelText('Color');
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'MEETING');
    expect(colour).toHaveValue('#3b82f6');
    await userEvent.selectOptions(colour, '#8b5cf6');
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'INVOICE_FOLLOW_UP');
    expect(colour).toHaveValue('#8b5cf6');
  });

  it('when valid, then it submits trimmed values and disables the button while saving', async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn((_values: TEventFormOutput) => new Promise<void>((resolve) => (finish = resolve)));
    const { dialog } = renderDialog(onSubmit);
    await userEvent.type(within(dialog).getByLabelText(/^Title/), '  Survey  ');
    await userEvent.selectOptions(within(dialog).getByLabelText('Client'), CLIENT.id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(within(dialog).getByRole('button', { name: 'Create Event' })).toBeDisabled();
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      title: 'Survey',
      startDate: '2026-11-25T10:00',
      endDate: '2026-11-25T11:00',
      clientId: CLIENT.id,
      description: null,
      type: 'APPOINTMENT',
      color: '#22c55e',
    });
    finish();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create Event' })).toBeEnabled());
  });
});
