import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDesign } from '@/test/generation-fixtures';
import DesignDetailPage from './design-detail';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** `viewer` signs someone in; without it the session request never answers. */
function renderWith(
  designReply: () => Response,
  viewer?: { id: string },
  writes: Record<string, (body: unknown) => Response> = {},
) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      if (init?.method === 'PUT' && writes[input])
        return Promise.resolve(writes[input](JSON.parse(init.body as string)));
      if (input === '/api/designs/d1') return Promise.resolve(designReply());
      if (viewer && input === '/api/auth/get-session') return Promise.resolve(json({ user: viewer }));
      if (viewer && input === '/api/me')
        return Promise.resolve(
          json({
            id: viewer.id,
            displayName: 'Viewer',
            // An account old enough that its votes count in the contest: no note for new members.
            contestVotes: { minAccountAgeHours: 24, countFrom: '2026-01-01T00:00:00.000Z' },
          }),
        );
      if (input === '/api/designs/d1/vote') return Promise.resolve(json({ voteCount: 3, hasVoted: false }));
      if (input === '/api/designs/d1/comments') return Promise.resolve(json({ comments: [], count: 0 }));
      return new Promise(() => {});
    }),
  );
  const router = createMemoryRouter([{ path: '/gallery/:designId', element: <DesignDetailPage /> }], {
    initialEntries: ['/gallery/d1'],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/gallery/:designId', () => {
  it('shows the edited image when the edited version was chosen, and marks the selected variant', async () => {
    renderWith(() =>
      json(
        makeDesign({
          name: 'Silent Ridge',
          status: 'submitted',
          selectedVariant: 'B',
          hasEdits: true,
          finalDesignChoice: 'edited',
          editedImageUrl: '/files/b_edited.png',
          // What the server decides (designs.service.ts#toDesign): the page shows it as sent.
          shownImageUrl: '/files/b_edited.png',
          showsEdit: true,
          voteCount: 3,
        }),
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Silent Ridge' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Silent Ridge, camouflage design' })).toHaveAttribute(
      'src',
      '/files/b_edited.png',
    );
    expect(screen.getByText('Selected').closest('li')).toHaveTextContent('Design B');
    expect(screen.getByText('Maricopa, AZ')).toBeInTheDocument();
    expect(screen.getByText('Votes').nextElementSibling).toHaveTextContent('3');
  });

  it("says 'Design not found.' for a 404 and 'Failed to fetch design data.' otherwise", async () => {
    renderWith(() => json({ error: 'not_found', message: 'Design not found.' }, 404));
    expect(await screen.findByRole('alert')).toHaveTextContent('Design not found.');
  });

  it('reports other failures', async () => {
    renderWith(() => json({ error: 'internal', message: 'boom' }, 500));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch design data.');
  });

  it("shows the owner a disabled 'Your Design' button and the comments form", async () => {
    renderWith(() => json(makeDesign({ name: 'Silent Ridge', status: 'submitted', userId: 'u1' })), {
      id: 'u1',
    });
    expect(await screen.findByRole('button', { name: 'Your Design' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Vote' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Comments (0)' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Leave a comment...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post Comment' })).toBeInTheDocument();
  });

  it('offers anyone else a vote on a submitted design', async () => {
    renderWith(() => json(makeDesign({ name: 'Silent Ridge', status: 'submitted', userId: 'u1' })), {
      id: 'u2',
    });
    expect(await screen.findByRole('button', { name: 'Vote' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Your Design' })).not.toBeInTheDocument();
  });

  it('offers a signed-in viewer to breed designs for the photo, in the style the design was chosen in', async () => {
    renderWith(
      () =>
        json(makeDesign({ name: 'Silent Ridge', status: 'submitted', userId: 'u1', selectedVariant: 'B' })),
      { id: 'u2' },
    );
    const form = await screen.findByRole('region', { name: 'Breed designs for this photo' });
    expect(within(form).getByRole('radio', { name: 'Digital' })).toBeChecked();
    expect(within(form).getByRole('button', { name: 'Breed designs' })).toBeEnabled();
  });

  it("lets the owner name a 'No Name' design: empty is refused, a failure says so, a success shows", async () => {
    let fail = true;
    renderWith(
      () => json(makeDesign({ name: 'No Name', status: 'submitted', userId: 'u1' })),
      { id: 'u1' },
      {
        '/api/designs/d1/name': (body) =>
          fail
            ? json({ error: 'internal', message: 'boom' }, 500)
            : json(makeDesign({ name: (body as { name: string }).name, status: 'submitted', userId: 'u1' })),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Design name cannot be empty.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Design name' }), 'Cedar Ghost');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update design name.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cedar Ghost' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Name' })).not.toBeInTheDocument();
  });

  it('offers Edit Name only to the owner of an unnamed design', async () => {
    renderWith(() => json(makeDesign({ name: 'Silent Ridge', status: 'submitted', userId: 'u1' })), {
      id: 'u1',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Silent Ridge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Name' })).not.toBeInTheDocument();
  });

  it('shows the story as text to everyone and lets the owner write it', async () => {
    renderWith(
      () => json(makeDesign({ name: 'Silent Ridge', status: 'submitted', userId: 'u1', story: null })),
      { id: 'u1' },
      {
        '/api/designs/d1/story': (body) =>
          json(
            makeDesign({
              name: 'Silent Ridge',
              status: 'submitted',
              userId: 'u1',
              story: (body as { story: string }).story,
            }),
          ),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Write Your Story' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your story' }), '<b>Elk</b> country');
    expect(screen.getByText('18/2000 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Story' }));
    expect(await screen.findByText('<b>Elk</b> country')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Story' })).toBeInTheDocument();
  });

  it("hides an empty story from others and shows both variants' analyses", async () => {
    renderWith(
      () =>
        json(
          makeDesign({
            name: 'Silent Ridge',
            status: 'submitted',
            userId: 'u2',
            story: null,
            markdownAnalysisA: '## Palette\n\nOlive `#556b2f`',
          }),
        ),
      { id: 'u1' },
    );
    await userEvent.click(await screen.findByText('Design A analysis'));
    // The renderer arrives when the analysis is opened.
    expect(await screen.findByRole('heading', { name: 'Palette' })).toBeInTheDocument();
    expect(screen.queryByText(/designer.s story/i)).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Share' })).toBeInTheDocument();
  });
});
