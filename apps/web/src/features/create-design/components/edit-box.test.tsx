import { editSuggestionText } from '@camo/shared/edit-refusal';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { makeDesign } from '@/test/generation-fixtures';
import { EditBox } from './edit-box';

const editDesign = vi.hoisted(() => vi.fn());
vi.mock('@/lib/design-actions', () => ({ editDesign }));

const refused = (suggestions: string[]) =>
  new ApiRequestError(
    422,
    'edit_not_understood',
    "I couldn't find a change I can make in that request.",
    suggestions,
  );

describe('EditBox: an edit that cannot be done', () => {
  beforeEach(() => editDesign.mockReset());

  it('says so in one sentence, offers the related suggestions, and one fills the box', async () => {
    const user = userEvent.setup();
    editDesign.mockRejectedValueOnce(refused(['stripes', 'digital']));
    render(<EditBox design={makeDesign({ selectedVariant: 'A' })} onEdited={() => {}} />);
    const prompt = screen.getByRole('textbox', { name: 'Edit your design' });
    await user.type(prompt, 'tiger pixels');
    await user.click(screen.getByRole('button', { name: 'Apply Edit' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/^Failed to edit image: /)).toHaveTextContent(
      "Failed to edit image: I couldn't find a change I can make in that request.",
    );
    const offered = within(alert)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(offered).toEqual([editSuggestionText.stripes, editSuggestionText.digital]);

    await user.click(within(alert).getByRole('button', { name: editSuggestionText.stripes }));
    expect(prompt).toHaveValue(editSuggestionText.stripes);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers nothing when nothing relates, and at most three', async () => {
    const user = userEvent.setup();
    editDesign.mockRejectedValueOnce(refused([]));
    render(<EditBox design={makeDesign({ selectedVariant: 'A' })} onEdited={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'Edit your design' }), 'add a deer silhouette');
    await user.click(screen.getByRole('button', { name: 'Apply Edit' }));
    expect(within(await screen.findByRole('alert')).queryAllByRole('button')).toEqual([]);

    editDesign.mockRejectedValueOnce(refused(['darker', 'lighter', 'warmer', 'cooler', 'no-such-code']));
    await user.click(screen.getByRole('button', { name: 'Apply Edit' }));
    const alert = await screen.findByRole('alert');
    await vi.waitFor(() => expect(within(alert).getAllByRole('button')).toHaveLength(3));
  });

  it('lists what can be asked for in a disclosure', async () => {
    const user = userEvent.setup();
    render(<EditBox design={makeDesign({ selectedVariant: 'A' })} onEdited={() => {}} />);
    const summary = screen.getByText('What can I ask for?');
    expect(screen.getByText(/^Shapes: bigger or smaller/)).not.toBeVisible();
    await user.click(summary);
    expect(screen.getByText(/^Shapes: bigger or smaller/)).toBeVisible();
  });
});
