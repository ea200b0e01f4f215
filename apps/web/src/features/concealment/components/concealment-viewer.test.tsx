import type { DesignConcealment, DesignShapes } from '@camo/shared/concealment.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, makePredictions } from '@/test/concealment-fixtures';
import { ConcealmentViewer } from './concealment-viewer';

function renderWith(reply: DesignConcealment) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) =>
      input.split('?')[0] === '/api/designs/d1/predicted-hiding'
        ? Promise.resolve(jsonReply(reply))
        : new Promise<Response>(() => {}),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ConcealmentViewer designId="d1" />
    </QueryClientProvider>,
  );
}

const predicted: DesignConcealment = {
  predictions: makePredictions({ deer: [null, 78, 85, 97], person: [null, 41, 60, 88] }),
  calibrated: false,
  shapes: null,
  measured: null,
};

const image = () => screen.getByTestId('concealment-view');
const shownRow = () => document.querySelector('tr[aria-current="true"]');

afterEach(() => vi.unstubAllGlobals());

describe('ConcealmentViewer', () => {
  it("opens on a deer at 25 m: that view's image, that score marked, and why there are no seconds yet", async () => {
    renderWith(predicted);
    expect(
      screen.getByRole('heading', { level: 2, name: 'How it looks from a distance' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Deer' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '25 m' })).toBeChecked();
    expect(image()).toHaveAttribute('src', '/api/designs/d1/predicted-hiding/view?observer=deer&distance=25');
    expect(image()).toHaveAttribute('width', '1200');
    expect(image()).toHaveAttribute('height', '900');
    expect(image()).toHaveAccessibleName(/at 25 m, as a deer sees it: .*from blue to yellow/);
    expect(screen.getByText('Drawing the view...')).toHaveAttribute('role', 'status');

    const table = await screen.findByRole('table', { name: 'Predicted hiding from a deer (0-100)' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['10 mout of range', '25 m78 ± 2', '50 m85 ± 2', '100 m97 ± 2']);
    expect(shownRow()).toHaveTextContent('25 m78 ± 2');
    expect(screen.getByText(/± is the uncertainty/)).toBeInTheDocument();
    expect(screen.getByText(/the game has not yet played enough rounds/)).toBeInTheDocument();
    expect(screen.getByText(/Not modelled: movement/)).toBeInTheDocument();
    expect(
      screen.getByText(/crouching hunter standing in the photo where that distance puts him/),
    ).toBeInTheDocument();

    fireEvent.load(image());
    expect(screen.queryByText('Drawing the view...')).not.toBeInTheDocument();
    // Where the hunter stands is marked only when asked: finding him is the point.
    expect(screen.queryByTestId('hunter-marker')).not.toBeInTheDocument();
    const mark = screen.getByRole('button', { name: 'Show where the hunter is' });
    expect(mark).toHaveAttribute('aria-pressed', 'false');
    Object.defineProperty(image(), 'naturalWidth', { value: 1280 });
    Object.defineProperty(image(), 'naturalHeight', { value: 960 });
    fireEvent.load(image());
    await userEvent.click(mark);
    const marker = screen.getByTestId('hunter-marker');
    // At (0.5, 0.7) of a 4:3 photo in the 4:3 box.
    expect(marker.style.left).toBe('50%');
    expect(marker.style.top).toBe('70%');
    expect(screen.getByRole('button', { name: 'Hide the marker' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches eye and distance: the image URL and the marked score follow', async () => {
    renderWith(predicted);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('radio', { name: 'Person' }));
    expect(image()).toHaveAttribute(
      'src',
      '/api/designs/d1/predicted-hiding/view?observer=person&distance=25',
    );
    expect(image()).toHaveAccessibleName(/as a person sees it/);
    expect(screen.getByRole('table', { name: 'Predicted hiding from a person (0-100)' })).toBeInTheDocument();
    expect(shownRow()).toHaveTextContent('25 m41');

    await userEvent.click(screen.getByRole('radio', { name: '100 m' }));
    expect(image()).toHaveAttribute(
      'src',
      '/api/designs/d1/predicted-hiding/view?observer=person&distance=100',
    );
    expect(shownRow()).toHaveTextContent('100 m88');

    // Arrow keys move along the radio group.
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '50 m' })).toBeChecked();
    expect(image()).toHaveAttribute(
      'src',
      '/api/designs/d1/predicted-hiding/view?observer=person&distance=50',
    );
  });

  it('says where an eye sees finer detail than the photo holds, for that eye only (decision 037)', async () => {
    renderWith({
      ...predicted,
      predictions: predicted.predictions.map((p) => ({
        ...p,
        limitedByPhoto: p.observer === 'person' && p.hiding !== null && p.distanceM <= 50,
      })),
    });
    await screen.findByRole('table');
    // The deer's figures hold all it sees: no note.
    expect(screen.queryByTestId('limited-by-photo')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Person' }));
    expect(screen.getByTestId('limited-by-photo')).toHaveTextContent(
      "At 25 and 50 m, a person sees finer detail than these figures take in, so they leave out the pattern's finest detail: the photo holds less, or the figures are worked coarser to come quickly.",
    );
  });

  it('says a distance is out of range instead of showing an image', async () => {
    renderWith(predicted);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('radio', { name: '10 m' }));
    expect(screen.queryByTestId('concealment-view')).not.toBeInTheDocument();
    expect(screen.getByTestId('view-out-of-range')).toHaveTextContent(
      'At 10 m the hunter would be too small in this photo to judge.',
    );
    expect(shownRow()).toHaveTextContent('10 mout of range');
  });

  it("shows the game's measured score and, once calibrated, the predicted time to find it", async () => {
    renderWith({
      predictions: makePredictions({ deer: [60, 70, 80, 90], person: [50, 60, 70, 80] }, 6.4),
      calibrated: true,
      shapes: null,
      measured: { score: 7.94, rounds: 48 },
    });
    expect(await screen.findByTestId('measured-hiding')).toHaveTextContent(
      'Measured by the game: 7.9 s hidden, from 48 rounds',
    );
    expect(screen.getByText('A person is predicted to find it in about 6.4 s.')).toBeInTheDocument();
    expect(screen.queryByText(/not yet played enough rounds/)).not.toBeInTheDocument();
  });

  it('says which scores are not yet predicted, and says so when the view fails', async () => {
    renderWith({ predictions: [], calibrated: false, shapes: null, measured: null });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText('not yet predicted')).toHaveLength(4);
    fireEvent.error(image());
    expect(screen.getByText('The view could not be drawn.')).toBeInTheDocument();
  });
});

describe('ConcealmentViewer says plainly what its figures are (issue 39)', () => {
  it('opens on the eye remembered from another page, and remembers a new choice', async () => {
    localStorage.setItem('hiding-eye', JSON.stringify({ observer: 'person', distance: 50 }));
    renderWith(predicted);
    await screen.findByRole('table', { name: 'Predicted hiding from a person (0-100)' });
    expect(screen.getByRole('radio', { name: '50 m' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Deer' }));
    expect(JSON.parse(localStorage.getItem('hiding-eye')!)).toEqual({ observer: 'deer', distance: 50 });
  });

  it('says which image the figures are of after an edit, and "measuring..." until the edited one is in', async () => {
    renderWith({
      predictions: [],
      calibrated: false,
      shapes: null,
      measured: null,
      measuring: true,
      figuresOf: 'edited-measuring',
    });
    expect(await screen.findByTestId('figures-of')).toHaveTextContent(
      "The edited design is measuring... Its figures appear here once they are in; the original's are not shown in their place.",
    );
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['10 mmeasuring...', '25 mmeasuring...', '50 mmeasuring...', '100 mmeasuring...']);
  });

  it('explains a figure that falls as the distance grows', async () => {
    renderWith({
      ...predicted,
      predictions: makePredictions({ deer: [80, 78, 52, 40], person: [70, 72, 75, 80] }),
      figuresOf: 'edited',
    });
    expect(await screen.findByTestId('hiding-fall')).toHaveTextContent(
      /^Why it hides less at 50 m than at 25 m: a smaller target is usually harder to find, but at 50 m a deer can no longer make out/,
    );
    expect(screen.getByTestId('figures-of')).toHaveTextContent('These figures are for the edited design.');
    await userEvent.click(screen.getByRole('radio', { name: 'Person' }));
    expect(screen.queryByTestId('hiding-fall')).not.toBeInTheDocument();
  });
});

describe("ConcealmentViewer's shapes (issue 43 item 5)", () => {
  const classes = (small: number | null, large: number | null) => ({
    small: { widthCm: 2, blendM: small },
    middle: { widthCm: 12, blendM: 60 },
    large: { widthCm: 40, blendM: large },
  });
  const shapes: DesignShapes = {
    repeatCm: 75,
    figures: [
      { observer: 'deer', light: 'daylight', classes: classes(10, 190) },
      { observer: 'deer', light: 'twilight', classes: classes(7, 120) },
      { observer: 'person', light: 'daylight', classes: classes(45, null) },
      { observer: 'person', light: 'twilight', classes: classes(30, 0) },
    ],
  };

  it("says the repeat and each eye's blend distances in the light remembered, and remembers a new light", async () => {
    renderWith({ ...predicted, shapes });
    expect(await screen.findByText(/Printed at a 75 cm repeat/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Daylight' })).toBeChecked();
    expect(screen.getByTestId('shapes-deer')).toHaveTextContent(
      'To a deer in daylight, the small shapes (about 2 cm) blend beyond 10 m; the middle shapes (about 12 cm) blend beyond 60 m; the large shapes (about 40 cm) blend beyond 190 m.',
    );
    expect(screen.getByTestId('shapes-person')).toHaveTextContent(
      'the large shapes (about 40 cm) stay apart beyond 200 m',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Dawn or dusk' }));
    expect(localStorage.getItem('hiding-light')).toBe('twilight');
    expect(screen.getByTestId('shapes-deer')).toHaveTextContent(
      'To a deer at dawn or dusk, the small shapes (about 2 cm) blend beyond 7 m;',
    );
    expect(screen.getByTestId('shapes-person')).toHaveTextContent(
      'the large shapes (about 40 cm) are too alike to stand apart at any distance',
    );
  });

  it('is not shown before the shapes are measured', async () => {
    renderWith(predicted);
    await screen.findByRole('table');
    expect(screen.queryByTestId('design-shapes')).not.toBeInTheDocument();
  });
});

describe('ConcealmentViewer at dawn or dusk (decision 034)', () => {
  it('shows the light remembered: its figures and its picture, and "not yet predicted" until they are in', async () => {
    const day = makePredictions({ deer: [60, 70, 80, 90], person: [50, 60, 70, 80] });
    const dusk = makePredictions({ deer: [66, 77, 88, 99], person: [55, 65, 75, 85] }).map((p) => ({
      ...p,
      light: 'twilight' as const,
    }));
    renderWith({ ...predicted, predictions: [...day, ...dusk] });
    await screen.findByRole('table', { name: 'Predicted hiding from a deer (0-100)' });
    expect(shownRow()).toHaveTextContent('70');
    await userEvent.click(screen.getByRole('radio', { name: 'Dawn or dusk' }));
    expect(localStorage.getItem('hiding-light')).toBe('twilight');
    expect(shownRow()).toHaveTextContent('77');
    expect(image()).toHaveAttribute(
      'src',
      '/api/designs/d1/predicted-hiding/view?observer=deer&distance=25&light=twilight',
    );
  });

  it('says "not yet predicted" for dawn or dusk while only daylight has figures', async () => {
    localStorage.setItem('hiding-light', 'twilight');
    renderWith(predicted);
    const table = await screen.findByRole('table', { name: 'Predicted hiding from a deer (0-100)' });
    expect(within(table).getAllByText('not yet predicted')).toHaveLength(4);
    // Asking in that light is what has the server measure it (decision 034).
    expect(fetch).toHaveBeenCalledWith('/api/designs/d1/predicted-hiding?light=twilight', expect.anything());
  });
});
