import { editSuggestionText } from '@camo/shared/edit-refusal';
import type { Design } from '@camo/shared/generation.schema';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { makeDesign } from '@/test/generation-fixtures';
import { EditBox } from './edit-box';

const { editDesign, followEdit } = vi.hoisted(() => ({ editDesign: vi.fn(), followEdit: vi.fn() }));
vi.mock('@/lib/design-actions', () => ({ editDesign, followEdit }));

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

describe('EditBox: an edit that runs on as a job', () => {
  beforeEach(() => {
    editDesign.mockReset();
    followEdit.mockReset();
  });

  const running = (stage: 'processing_edit' | 'uploading_edited') =>
    makeDesign({
      selectedVariant: 'A',
      editJob: {
        status: 'processing',
        stage,
        request: 'make it darker',
        startedAt: new Date().toISOString(),
      },
    });
  const current = () => screen.getByRole('listitem', { current: 'step' });

  it('follows the job through its stages and hands the edited design over', async () => {
    const user = userEvent.setup();
    let progress: (design: Design) => void = () => {};
    let finish: (design: Design) => void = () => {};
    editDesign.mockResolvedValueOnce(running('processing_edit'));
    followEdit.mockImplementationOnce((_id: string, onProgress: (design: Design) => void) => {
      progress = onProgress;
      return new Promise<Design>((resolve) => (finish = resolve));
    });
    const onEdited = vi.fn();
    render(<EditBox design={makeDesign({ selectedVariant: 'A' })} onEdited={onEdited} />);
    await user.type(screen.getByRole('textbox', { name: 'Edit your design' }), 'make it darker');
    await user.click(screen.getByRole('button', { name: 'Apply Edit' }));

    await vi.waitFor(() => expect(followEdit).toHaveBeenCalledTimes(1));
    expect(current()).toHaveTextContent('Processing edit');
    expect(screen.getByRole('button', { name: 'Applying edit...' })).toBeDisabled();
    act(() => progress(running('uploading_edited')));
    expect(current()).toHaveTextContent('Saving edited design');
    const edited = makeDesign({ selectedVariant: 'A', hasEdits: true, editPrompt: 'make it darker' });
    await act(async () => finish(edited));
    expect(onEdited).toHaveBeenCalledWith(edited);
  });

  it('picks a running edit up again after a reload', async () => {
    followEdit.mockReturnValueOnce(new Promise(() => {}));
    render(<EditBox design={running('uploading_edited')} onEdited={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Edit your design' })).toHaveValue('make it darker');
    expect(current()).toHaveTextContent('Saving edited design');
    await vi.waitFor(() => expect(followEdit).toHaveBeenCalledTimes(1));
    expect(followEdit.mock.calls[0]![0]).toBe(makeDesign().id);
  });

  it('says why the last edit was not made, with its suggestions, after a reload', () => {
    render(
      <EditBox
        design={makeDesign({
          selectedVariant: 'A',
          editJob: {
            status: 'failed',
            request: 'tiger fur',
            message: "I couldn't find a change I can make in that request.",
            code: 'edit_not_understood',
            suggestions: ['stripes'],
          },
        })}
        onEdited={() => {}}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      "Failed to edit image: I couldn't find a change I can make in that request.",
    );
    expect(within(alert).getByRole('button', { name: editSuggestionText.stripes })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Edit your design' })).toHaveValue('tiger fur');
    expect(followEdit).not.toHaveBeenCalled();
  });
});
