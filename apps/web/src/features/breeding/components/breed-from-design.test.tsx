import { breedingMessages } from '@camo/shared/breeding.schema';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPostForm } from '@/test/post-form';
import { jsonReply } from '@/test/concealment-fixtures';
import { BreedFromDesign } from './breed-from-design';

const DESIGN = '0b9f1c52-0000-4000-8000-000000000003';
const GROUND = '7a2d0b63-0000-4000-8000-000000000002';

const renderForm = (reply: () => Response) =>
  renderPostForm({
    url: '/api/breeding/grounds',
    reply,
    at: `/gallery/${DESIGN}`,
    routes: [
      { path: '/gallery/:id', element: <BreedFromDesign designId={DESIGN} initialVariant="A" /> },
      { path: '/breeding/:id', element: <p>Ground page</p> },
    ],
  });

afterEach(() => vi.unstubAllGlobals());

describe('BreedFromDesign', () => {
  it("starts a ground for the design's photo in the chosen style and opens its page", async () => {
    const { requests, router } = renderForm(() => jsonReply({ id: GROUND }, 201));
    await userEvent.click(screen.getByRole('radio', { name: 'Digital' }));
    await userEvent.click(screen.getByRole('button', { name: 'Breed designs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/breeding/${GROUND}`));
    expect(requests).toEqual([{ source: 'design', designId: DESIGN, variant: 'B' }]);
  });

  it("says the server's refusal in its words", async () => {
    renderForm(() => jsonReply({ error: 'bad_request', message: breedingMessages.noPhoto }, 400));
    await userEvent.click(screen.getByRole('button', { name: 'Breed designs' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(breedingMessages.noPhoto);
  });
});
