import { generationMessages, type Generation } from '@camo/shared/generation.schema';
import { shapesText } from '@camo/shared/shapes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { makeDesign, makeGeneration } from '@/test/generation-fixtures';
import { jpegFile, stubImageDecoder } from '@/test/image-decoder';
import CreateDesignPage from './create-design';

const api = vi.hoisted(() => ({
  startGeneration: vi.fn(),
  followGeneration: vi.fn(),
  selectVariant: vi.fn(),
  editDesign: vi.fn(),
  followEdit: vi.fn(),
  submitDesign: vi.fn(),
}));
vi.mock('@/features/create-design/api/start-generation', () => ({ startGeneration: api.startGeneration }));
vi.mock('@/features/create-design/api/get-generation', () => ({ followGeneration: api.followGeneration }));
vi.mock('@/lib/design-actions', () => ({
  exportUrl: (id: string, size: number) => `/api/designs/${id}/export?size=${size}`,
  selectVariant: api.selectVariant,
  editDesign: api.editDesign,
  followEdit: api.followEdit,
  submitDesign: api.submitDesign,
}));

/** Lets a test push generation updates the way the event stream would. */
let push: (generation: Generation) => void = () => {};

function GalleryProbe() {
  return <p>gallery page for {useParams().designId}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/create-design', element: <CreateDesignPage /> },
      { path: '/gallery/:designId', element: <GalleryProbe /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function fillStepOne(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText(/click to upload a photo/i), jpegFile());
  await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Oak timber in late fall');
  await user.type(screen.getByRole('combobox', { name: /state/i }), 'AZ');
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Arizona/ }));
}

beforeEach(() => {
  stubImageDecoder();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: vi.fn() }),
  );
  api.followGeneration.mockImplementation((_id: string, onUpdate: (g: Generation) => void) => {
    push = (g) => act(() => onUpdate(g));
    return vi.fn();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Design A after the edit "make it darker", as the server answers it. */
const editedA = () =>
  makeDesign({
    selectedVariant: 'A',
    designBUrl: null,
    hasEdits: true,
    editedImageUrl: '/files/a_edited.png',
    editPrompt: 'make it darker',
  });

describe('/create-design', () => {
  it('runs from step 1 to the gallery: upload, progress, select, name, submit', async () => {
    const user = userEvent.setup();
    let resolveUpload: (value: { photoId: string }) => void = () => {};
    let reportProgress: (fraction: number) => void = () => {};
    api.startGeneration.mockImplementation((_request: unknown, onProgress: (f: number) => void) => {
      reportProgress = onProgress;
      return { done: new Promise((resolve) => (resolveUpload = resolve)), abort: vi.fn() };
    });
    const router = renderAt('/create-design');
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Generate Design' }));

    const request = api.startGeneration.mock.calls[0]![0] as Record<string, unknown>;
    expect(request).toMatchObject({ description: 'Oak timber in late fall', state: 'AZ', county: '' });
    expect(request.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('heading', { name: 'Generating your designs' })).toHaveFocus();
    act(() => reportProgress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Photo upload' })).toHaveAttribute('aria-valuenow', '40');

    await act(async () => resolveUpload({ photoId: 'p1' }));
    expect(router.state.location.search).toBe('?photo=p1');
    expect(api.followGeneration).toHaveBeenCalledWith('p1', expect.any(Function), expect.any(Function));

    push(makeGeneration({ stage: 'ai_generation', note: generationMessages.oneDesignRetrying }));
    expect(screen.getByText(generationMessages.patience)).toBeInTheDocument();
    expect(screen.getByText('0s')).toBeInTheDocument();
    expect(screen.getAllByText(generationMessages.oneDesignRetrying).length).toBeGreaterThan(0);
    const current = screen.getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'step');
    expect(current).toHaveTextContent('Generating Designs');

    push(
      makeGeneration({
        status: 'completed',
        stage: null,
        outcome: 'both',
        outcomeMessage: generationMessages.bothGenerated,
        design: makeDesign(),
      }),
    );
    expect(screen.getByText(generationMessages.bothGenerated)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Design A' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Design B' })).toBeInTheDocument();
    // The prediction of how each hides is on its way; choosing does not wait for it.
    expect(screen.getByText('Predicting how well each hides...')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Select Design B' })).toBeEnabled();

    api.selectVariant.mockResolvedValue(makeDesign({ selectedVariant: 'B' }));
    await user.click(screen.getByRole('button', { name: 'Select Design B' }));
    expect(api.selectVariant).toHaveBeenCalledWith('d1', 'B');
    expect(await screen.findByRole('heading', { name: 'Finish your design' })).toHaveFocus();
    expect(screen.getByRole('link', { name: /print file/i })).toHaveAttribute(
      'href',
      '/api/designs/d1/export?size=4096',
    );

    await user.click(screen.getByRole('button', { name: 'Submit Design' }));
    expect(screen.getByRole('alert')).toHaveTextContent(generationMessages.nameRequired);
    await user.click(screen.getByRole('button', { name: 'Generate Random Name' }));
    const name = screen.getByRole('textbox', { name: 'Design name' });
    expect((name as HTMLInputElement).value).toMatch(/^\w+ \w+$/);

    // The printed repeat (decision 035): 75 cm unless changed; a slip is said and kept as typed.
    const repeat = screen.getByRole('spinbutton', { name: shapesText.repeatLabel });
    expect(repeat).toHaveValue(75);
    expect(repeat).toHaveAccessibleDescription(shapesText.repeatHelp);
    await user.clear(repeat);
    await user.type(repeat, '5');
    await user.click(screen.getByRole('button', { name: 'Submit Design' }));
    expect(screen.getByRole('alert')).toHaveTextContent(shapesText.repeatInvalid);
    expect(repeat).toHaveAttribute('aria-invalid', 'true');
    expect(repeat).toHaveValue(5);
    expect(api.submitDesign).not.toHaveBeenCalled();
    await user.type(repeat, '0');

    api.submitDesign.mockResolvedValue(makeDesign({ selectedVariant: 'B', status: 'submitted' }));
    await user.click(screen.getByRole('button', { name: 'Submit Design' }));
    expect(api.submitDesign).toHaveBeenCalledWith('d1', {
      name: (name as HTMLInputElement).value,
      repeatCm: 50,
    });
    expect(await screen.findByText('gallery page for d1')).toBeInTheDocument();
  });

  it('keeps every input and shows the message when the server refuses the request', async () => {
    const user = userEvent.setup();
    api.startGeneration.mockImplementation(() => ({
      done: Promise.reject(new ApiRequestError(429, 'quota_exceeded', 'You have made 20 designs today.')),
      abort: vi.fn(),
    }));
    renderAt('/create-design');
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Generate Design' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have made 20 designs today.');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Oak timber in late fall');
    expect(screen.getByRole('combobox', { name: /state/i })).toHaveValue('Arizona');
  });

  it('shows the failure with Go Back, which returns to step 1 with the inputs and no message', async () => {
    const user = userEvent.setup();
    api.startGeneration.mockReturnValue({ done: Promise.resolve({ photoId: 'p9' }), abort: vi.fn() });
    const router = renderAt('/create-design');
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Generate Design' }));
    await vi.waitFor(() =>
      expect(api.followGeneration).toHaveBeenCalledWith('p9', expect.any(Function), expect.any(Function)),
    );
    push(
      makeGeneration({
        photoId: 'p9',
        status: 'failed',
        stage: null,
        error: generationMessages.generationFailed,
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(generationMessages.generationFailed);

    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Oak timber in late fall');
    expect(screen.getByRole('img', { name: 'Your environment photo' })).toBeInTheDocument();
  });

  it('resumes a job from ?photo=, and with an edit waits for Use Original or Use Edited', async () => {
    const user = userEvent.setup();
    renderAt('/create-design?photo=p1');
    expect(api.followGeneration).toHaveBeenCalledWith('p1', expect.any(Function), expect.any(Function));
    push(
      makeGeneration({
        status: 'completed',
        stage: null,
        outcome: 'one',
        outcomeMessage: generationMessages.oneGenerated,
        design: makeDesign({ selectedVariant: 'A', designBUrl: null, markdownAnalysisB: null }),
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(generationMessages.oneGenerated);
    expect(screen.queryByRole('button', { name: /back to design a and b/i })).not.toBeInTheDocument();
    const prompt = screen.getByRole('textbox', { name: 'Edit your design' });
    await user.click(screen.getByRole('button', { name: 'Apply Edit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(generationMessages.editRequired);

    api.editDesign.mockRejectedValueOnce(
      new ApiRequestError(422, 'unprocessable', 'I can make it darker, lighter or browner.'),
    );
    await user.type(prompt, 'add a unicorn');
    await user.click(screen.getByRole('button', { name: 'Apply Edit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to edit image: I can make it darker, lighter or browner.',
    );

    api.editDesign.mockResolvedValueOnce(editedA());
    await user.clear(prompt);
    await user.type(prompt, 'make it darker');
    await user.click(screen.getByRole('button', { name: 'Apply Edit' }));
    expect(await screen.findByRole('button', { name: 'Use Edited' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Edit your design' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Design name' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit Design' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Use Original' }));
    expect(screen.getByRole('button', { name: 'Use Original' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByRole('textbox', { name: 'Design name' }), 'Silent Ridge');
    api.submitDesign.mockRejectedValueOnce(new ApiRequestError(500, null, 'boom'));
    await user.click(screen.getByRole('button', { name: 'Submit Design' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(generationMessages.submitFailed);
    expect(api.submitDesign).toHaveBeenCalledWith('d1', {
      name: 'Silent Ridge',
      repeatCm: 75,
      finalDesignChoice: 'original',
    });
  });

  it('says so when Submit comes while the edit is still being made, until the edit is done', async () => {
    const user = userEvent.setup();
    renderAt('/create-design?photo=p1');
    push(
      makeGeneration({
        status: 'completed',
        stage: null,
        outcome: 'one',
        design: makeDesign({ selectedVariant: 'A', designBUrl: null, markdownAnalysisB: null }),
      }),
    );
    const running = makeDesign({
      selectedVariant: 'A',
      designBUrl: null,
      editJob: {
        status: 'processing',
        stage: 'processing_edit',
        request: 'make it darker',
        startedAt: new Date().toISOString(),
      },
    });
    api.editDesign.mockResolvedValueOnce(running);
    let finishEdit: (design: ReturnType<typeof makeDesign>) => void = () => {};
    api.followEdit.mockImplementation(
      () =>
        new Promise((resolve) => {
          finishEdit = resolve;
        }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Edit your design' }), 'make it darker');
    await user.click(screen.getByRole('button', { name: 'Apply Edit' }));
    await vi.waitFor(() => expect(api.followEdit).toHaveBeenCalled());

    await user.type(screen.getByRole('textbox', { name: 'Design name' }), 'Silent Ridge');
    api.submitDesign.mockRejectedValueOnce(
      new ApiRequestError(409, 'conflict', generationMessages.editStillRunning),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Design' }));
    expect(await screen.findByText(generationMessages.editStillRunning)).toBeInTheDocument();

    // The edit is made: the choice of version takes over, and the refusal is no longer said.
    act(() => finishEdit(editedA()));
    expect(await screen.findByRole('button', { name: 'Use Original' })).toBeInTheDocument();
    expect(screen.queryByText(generationMessages.editStillRunning)).not.toBeInTheDocument();
  });
});
