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
});
