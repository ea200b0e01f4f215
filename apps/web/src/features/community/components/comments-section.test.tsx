import type { Comment } from '@camo/shared/community.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommentsSection } from './comments-section';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function comment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 'c1',
    designId: 'd1',
    userId: 'author',
    userName: 'Author',
    userAvatar: null,
    text: 'Nice pattern',
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

type Replies = { post?: () => Response; remove?: () => Response };

function renderComments(viewerId: string | undefined, comments: Comment[], replies: Replies = {}) {
  let list = [...comments];
  const fetchMock = vi.fn((input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (input === '/api/designs/d1/comments' && method === 'GET') {
      return Promise.resolve(json({ comments: list, count: list.length }));
    }
    if (input === '/api/designs/d1/comments' && method === 'POST') {
      if (replies.post) return Promise.resolve(replies.post());
      const { text } = JSON.parse(init?.body as string) as { text: string };
      const created = comment({ id: `c${list.length + 10}`, userId: viewerId ?? '', userName: 'Me', text });
      list = [created, ...list];
      return Promise.resolve(json(created, 201));
    }
    if (input.startsWith('/api/comments/') && method === 'DELETE') {
      if (replies.remove) return Promise.resolve(replies.remove());
      list = list.filter((c) => `/api/comments/${c.id}` !== input);
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return new Promise(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <CommentsSection designId="d1" designOwnerId="owner" viewerId={viewerId} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof vi.fn>, method: string): [string, RequestInit | undefined][] =>
  (fetchMock.mock.calls as [string, RequestInit | undefined][]).filter(
    ([, init]) => (init?.method ?? 'GET') === method,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(toast.error).mockClear();
});

describe('CommentsSection', () => {
  it('keeps what is typed while a comment is being posted, and empties the box otherwise', async () => {
    const fetchMock = renderComments('me', []);
    const user = userEvent.setup();
    const box = await screen.findByPlaceholderText('Leave a comment...');
    await user.type(box, 'First');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await screen.findByText('First');
    await waitFor(() => expect(box).toHaveValue(''));
    // Now the server takes its time: the person types on before the answer arrives.
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const serve = fetchMock.getMockImplementation() as (i: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((input: string, init?: RequestInit) =>
      init?.method === 'POST' ? gate.then(() => serve(input, init)) : serve(input, init),
    );
    await user.type(box, 'Second');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await user.type(box, ' and more');
    open();
    await screen.findByText('Second');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Post Comment' })).toBeEnabled());
    expect(box).toHaveValue('Second and more');
  });

  const two = [
    comment({
      id: 'c2',
      userId: 'other',
      userName: 'Other',
      text: 'Newest',
      createdAt: '2026-11-22T10:00:00.000Z',
    }),
    comment(),
  ];

  it('shows the count and the list in the order given (newest first), text as text', async () => {
    renderComments('viewer', [comment({ text: '<img src=x onerror=alert(1)> <b>bold</b>' })]);
    expect(await screen.findByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('<img src=x onerror=alert(1)> <b>bold</b>');
    expect(item.querySelector('b')).toBeNull();
    expect(item.querySelectorAll('img')).toHaveLength(0);
    expect(item).toHaveTextContent('Author');
    expect(item).toHaveTextContent('November 21, 2026');
  });

  it("lets the comment's author delete only their own comment", async () => {
    renderComments('author', two);
    await screen.findByRole('heading', { name: 'Comments (2)' });
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Newest');
    expect(within(items[0]!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Delete comment by Author' })).toBeInTheDocument();
  });

  it("lets the design's owner delete every comment, after confirming", async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const fetchMock = renderComments('owner', two);
    await screen.findByRole('heading', { name: 'Comments (2)' });
    expect(screen.getAllByRole('button', { name: /^Delete comment by/ })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Delete comment by Other' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this comment?');
    expect(calls(fetchMock, 'DELETE')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete comment by Other' }));
    await waitFor(() => expect(screen.queryByText('Newest')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
    const [url, init] = calls(fetchMock, 'DELETE')[0]!;
    expect(url).toBe('/api/comments/c2');
    expect((init as RequestInit).body).toBe('{}');
  });

  it('shows no delete button to anyone else', async () => {
    renderComments('stranger', two);
    await screen.findByRole('heading', { name: 'Comments (2)' });
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('posts a trimmed comment, ignores whitespace-only text, and clears the form', async () => {
    const fetchMock = renderComments('viewer', []);
    await screen.findByRole('heading', { name: 'Comments (0)' });
    const box = screen.getByPlaceholderText('Leave a comment...');
    await userEvent.type(box, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(calls(fetchMock, 'POST')).toHaveLength(0);
    await userEvent.type(box, ' Great work ');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Great work')).toBeInTheDocument();
    expect(JSON.parse((calls(fetchMock, 'POST')[0]![1] as RequestInit).body as string)).toEqual({
      text: 'Great work',
    });
    expect(box).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete comment by Me' })).toBeInTheDocument();
  });

  it("reports 'Failed to post comment.' and keeps the text", async () => {
    renderComments('viewer', [], { post: () => json({ error: 'internal', message: 'boom' }, 500) });
    await screen.findByRole('heading', { name: 'Comments (0)' });
    await userEvent.type(screen.getByPlaceholderText('Leave a comment...'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to post comment.'));
    expect(screen.getByPlaceholderText('Leave a comment...')).toHaveValue('Hello');
  });

  it("reports 'Failed to delete comment.'", async () => {
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    renderComments('author', [comment()], {
      remove: () => json({ error: 'internal', message: 'boom' }, 500),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete comment by Author' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to delete comment.'));
    expect(screen.getByText('Nice pattern')).toBeInTheDocument();
  });
});
