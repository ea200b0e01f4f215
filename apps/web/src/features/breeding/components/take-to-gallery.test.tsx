import { breedingMessages } from '@camo/shared/breeding';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPostForm } from '@/test/post-form';
import { jsonReply } from '@/test/concealment-fixtures';
import { TakeToGallery } from './take-to-gallery';

const BRED = '36a35e52-ba92-88a0-9323-6331516fae9a';
const GALLERY = '0b9f1c52-0000-4000-8000-000000000004';

const renderForm = (reply: () => Response) =>
  renderPostForm({
    url: `/api/breeding/designs/${BRED}/gallery`,
    reply,
    at: `/breeding/designs/${BRED}`,
    routes: [
      { path: '/breeding/designs/:id', element: <TakeToGallery designId={BRED} /> },
      { path: '/gallery/:id', element: <p>Gallery page</p> },
    ],
  });

afterEach(() => vi.unstubAllGlobals());

describe('TakeToGallery', () => {
  it('asks for a name before sending anything', async () => {
    const { requests } = renderForm(() => jsonReply({ designId: GALLERY }, 201));
    await userEvent.click(screen.getByRole('button', { name: 'Add to the gallery' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(breedingMessages.nameRequired);
    expect(screen.getByLabelText('Design name')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
  });

  it('adds it under the name and opens its gallery page', async () => {
    const { requests, router } = renderForm(() => jsonReply({ designId: GALLERY }, 201));
    await userEvent.type(screen.getByLabelText('Design name'), '  Bred Fir ');
    await userEvent.click(screen.getByRole('button', { name: 'Add to the gallery' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/gallery/${GALLERY}`));
    expect(requests).toEqual([{ name: 'Bred Fir' }]);
  });

  it("says the server's refusal in its words", async () => {
    renderForm(() => jsonReply({ error: 'conflict', message: breedingMessages.alreadyInGallery }, 409));
    await userEvent.type(screen.getByLabelText('Design name'), 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Add to the gallery' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(breedingMessages.alreadyInGallery);
  });
});
