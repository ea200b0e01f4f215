import { messages } from '@camo/shared/messages';
import type { ProfileField } from '@camo/shared/profile.schema';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { InlineEditField } from './inline-edit-field';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

function Harness({
  save,
  field = 'phoneNumber',
}: {
  save: (field: ProfileField, value: string) => Promise<unknown>;
  field?: ProfileField;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <InlineEditField
      field={field}
      label="Phone number"
      displayValue="(555) 123-4567"
      initialDraft="(555) 123-4567"
      isEditing={editing}
      onEdit={() => setEditing(true)}
      onClose={() => setEditing(false)}
      save={save}
    />
  );
}

describe('InlineEditField', () => {
  it('opens prefilled, validates in the browser and keeps what was typed', async () => {
    const user = userEvent.setup();
    const save = vi.fn();
    render(<Harness save={save} />);

    await user.click(screen.getByRole('button', { name: /edit/i }));
    const input = screen.getByRole('textbox', { name: 'Phone number' });
    expect(input).toHaveValue('(555) 123-4567');

    await user.clear(input);
    await user.type(input, '555-12{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(messages.phoneTooShort);
    expect(input).toHaveValue('555-12');
    expect(save).not.toHaveBeenCalled();
  });

  it('a typo without digits is refused, not saved as empty: the text and the saved value stay', async () => {
    const user = userEvent.setup();
    const save = vi.fn();
    render(<Harness save={save} />);

    await user.click(screen.getByRole('button', { name: /edit/i }));
    const input = screen.getByRole('textbox', { name: 'Phone number' });
    await user.clear(input);
    await user.type(input, 'abcde{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(messages.phoneTooShort);
    expect(input).toHaveValue('abcde');
    expect(save).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(screen.getByText('(555) 123-4567')).toBeInTheDocument();
  });

  it('saves the normalised value on Enter, toasts the exact message and closes', async () => {
    const user = userEvent.setup();
    const save = vi.fn().mockResolvedValue({});
    render(<Harness save={save} />);

    await user.click(screen.getByRole('button', { name: /edit/i }));
    const input = screen.getByRole('textbox', { name: 'Phone number' });
    await user.clear(input);
    await user.type(input, '+1 (602) 555-0100{Enter}');

    expect(save).toHaveBeenCalledWith('phoneNumber', '16025550100');
    expect(toast.success).toHaveBeenCalledWith(messages.phoneUpdated);
    // Opening an edit clears the last save's toast, so the two never stand together.
    expect(toast.dismiss).toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /edit/i })).toHaveFocus();
  });

  it('cancels with Escape without saving', async () => {
    const user = userEvent.setup();
    const save = vi.fn();
    render(<Harness save={save} />);

    await user.click(screen.getByRole('button', { name: /edit/i }));
    await user.type(screen.getByRole('textbox'), '99{Escape}');

    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('(555) 123-4567')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it("shows the server's message on a 400 and the generic one otherwise", async () => {
    const user = userEvent.setup();
    const save = vi
      .fn()
      .mockRejectedValueOnce(new ApiRequestError(400, 'validation', 'Server says no.'))
      .mockRejectedValueOnce(new ApiRequestError(500, null, 'boom'));
    render(<Harness save={save} field="displayName" />);

    await user.click(screen.getByRole('button', { name: /edit/i }));
    const input = screen.getByRole('textbox');
    await user.clear(input);
    await user.type(input, 'Buck Hunter');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server says no.');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.profileUpdateFailed);
    expect(input).toHaveValue('Buck Hunter');
  });
});
