import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { ShareLinkDialog } from './share-link-dialog';

describe('the share-link dialog', () => {
  it('when a draft invoice is shared, then it warns that sharing issues it, and the link made shows with its expiry', async () => {
    const create = vi.fn().mockResolvedValue({ url: 'https://docket.example/p/abc', expiresAt: '2027-02-24T10:00:00.000Z' });
    renderWithProviders(<ShareLinkDialog shares={{ kind: 'document', number: 'INV0007', isDraft: true }} onClose={vi.fn()} create={create} revoke={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Share INV0007' });
    expect(dialog).toHaveTextContent('Sharing a draft issues it: it becomes Sent. A new link replaces any link made before.');
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByLabelText('Link for your customer')).toHaveValue('https://docket.example/p/abc');
    expect(dialog).toHaveTextContent('Valid until 24/02/2027.');
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("when a client's statement is shared, then it speaks of the statement, shows the link with no expiry, and Revoke revokes it and closes", async () => {
    const revoke = vi.fn().mockResolvedValue({ revoked: true });
    const onClose = vi.fn();
    renderWithProviders(
      <ShareLinkDialog
        shares={{ kind: 'statement' }}
        onClose={onClose}
        create={() => Promise.resolve({ url: 'https://docket.example/s/xyz' })}
        revoke={revoke}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Share statement link' });
    expect(dialog).toHaveTextContent('A new link replaces any statement link made before.');
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByLabelText('Link for your client')).toHaveValue('https://docket.example/s/xyz');
    expect(dialog).not.toHaveTextContent('Valid until');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(revoke).toHaveBeenCalledTimes(1);
  });

  it('when nothing is being shared, then no dialog shows', () => {
    renderWithProviders(<ShareLinkDialog shares={null} onClose={vi.fn()} create={vi.fn()} revoke={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
