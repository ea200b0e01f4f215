import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VoteButton } from './vote-button';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderVote(props: { isOwner: boolean }, status: { voteCount: number; hasVoted: boolean }) {
  let current = { ...status };
  const fetchMock = vi.fn((input: string, init?: RequestInit) => {
    if (input === '/api/designs/d1/vote' && init?.method === 'POST') {
      current = current.hasVoted ? current : { voteCount: current.voteCount + 1, hasVoted: true };
      return Promise.resolve(json(current));
    }
    if (input === '/api/designs/d1/vote') return Promise.resolve(json(current));
    return new Promise(() => {});
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <VoteButton designId="d1" initialCount={status.voteCount} {...props} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

afterEach(() => vi.unstubAllGlobals());

describe('VoteButton', () => {
  it("shows the owner a disabled 'Your Design' button and never asks or votes", () => {
    const fetchMock = renderVote({ isOwner: true }, { voteCount: 4, hasVoted: false });
    expect(screen.getByRole('button', { name: 'Your Design' })).toBeDisabled();
    expect(screen.getByText('4 votes')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('votes once: the button turns into a disabled Voted and the count goes up by one', async () => {
    const fetchMock = renderVote({ isOwner: false }, { voteCount: 4, hasVoted: false });
    const button = await screen.findByRole('button', { name: 'Vote' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const voted = await screen.findByRole('button', { name: 'Voted' });
    expect(voted).toBeDisabled();
    expect(voted).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('5 votes')).toBeInTheDocument();
    await userEvent.click(voted);
    expect(posts(fetchMock)).toHaveLength(1);
    expect((posts(fetchMock)[0]![1] as RequestInit).body).toBe('{}');
  });

  it('keeps the voted state from an earlier visit', async () => {
    const fetchMock = renderVote({ isOwner: false }, { voteCount: 1, hasVoted: true });
    expect(await screen.findByRole('button', { name: 'Voted' })).toBeDisabled();
    expect(screen.getByText('1 vote')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('shows the vote at once and rolls it back with the message when the server refuses', async () => {
    let release: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        if (input === '/api/designs/d2/vote' && init?.method === 'POST')
          return new Promise<Response>((resolve) => (release = resolve));
        return Promise.resolve(json({ voteCount: 7, hasVoted: false }));
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <VoteButton
          designId="d2"
          isOwner={false}
          initialCount={7}
          initialHasVoted={false}
          compact
          designName="Ridge"
        />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Vote for Ridge' }));
    // Optimistic: counted before the server answers.
    expect(await screen.findByRole('button', { name: 'Voted for Ridge' })).toBeDisabled();
    expect(screen.getByText('8 votes')).toBeInTheDocument();
    release(json({ error: 'forbidden', message: "You can't vote on your own design." }, 403));
    expect(await screen.findByRole('alert')).toHaveTextContent("You can't vote on your own design.");
    expect(screen.getByRole('button', { name: 'Vote for Ridge' })).toBeEnabled();
    expect(screen.getByText('7 votes')).toBeInTheDocument();
  });

  it('takes the voted state a gallery card already has without asking again', () => {
    const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <VoteButton designId="d3" isOwner={false} initialCount={2} initialHasVoted compact />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'Voted' })).toBeDisabled();
    expect(screen.getByText('2 votes')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
