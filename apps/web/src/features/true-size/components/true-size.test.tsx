import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD_MM, CSS_PX_PER_MM, SCREEN_SCALE_KEY } from '../lib/screen-scale';
import { TrueSize } from './true-size';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const open = () => {
  render(<TrueSize imageUrl="/api/designs/d1/image" repeatCm={50} name="Oak Shadow" />);
  fireEvent.click(screen.getByRole('button', { name: 'Show at true size' }));
};
const tileSize = () => screen.getByTestId('true-size-swatch').style.backgroundSize;

describe('TrueSize', () => {
  it("shows nothing until asked, then the design at CSS's inch, saying it is not calibrated", () => {
    render(<TrueSize imageUrl="/api/designs/d1/image" repeatCm={50} name="Oak Shadow" />);
    expect(screen.queryByTestId('true-size-swatch')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show at true size' }));
    expect(screen.getByRole('button', { name: 'Hide true size' })).toHaveAttribute('aria-expanded', 'true');
    const px = 500 * CSS_PX_PER_MM;
    expect(tileSize()).toBe(`${px}px ${px}px`);
    expect(
      screen.getByRole('img', { name: 'Oak Shadow at true size: the pattern repeats every 50 cm' }),
    ).toHaveStyle({
      backgroundImage: 'url(/api/designs/d1/image)',
    });
    expect(screen.getByTestId('scale-status')).toHaveTextContent(/^Not calibrated/);
  });

  it('calibrates with a card: the outline and the pattern follow the slider, and a saved scale is remembered', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Calibrate with a card' }));
    fireEvent.change(screen.getByLabelText('Outline size'), { target: { value: '500' } });
    expect(screen.getByTestId('card-outline').style.width).toBe(`${CARD_MM.short * 5}px`);
    expect(screen.getByTestId('card-outline').style.height).toBe(`${CARD_MM.long * 5}px`);
    expect(tileSize()).toBe('2500px 2500px');
    fireEvent.click(screen.getByRole('button', { name: 'Save calibration' }));
    expect(screen.getByTestId('scale-status')).toHaveTextContent(
      'Calibrated for this screen: 50.0 screen pixels a centimetre.',
    );
    expect(JSON.parse(localStorage.getItem(SCREEN_SCALE_KEY)!)).toMatchObject({ pxPerMm: 5 });
    // A ruler mark where each repeat ends: at 50, 100, 150 and 200 cm.
    expect(screen.getAllByTestId('ruler-repeat').map((l) => l.getAttribute('x1'))).toEqual([
      '2500.5',
      '5000.5',
      '7500.5',
      '10000.5',
    ]);

    cleanup();
    open();
    expect(tileSize()).toBe('2500px 2500px');
    fireEvent.click(screen.getByRole('button', { name: 'Forget the calibration' }));
    expect(screen.getByTestId('scale-status')).toHaveTextContent(/^Not calibrated/);
  });

  it('keeps the saved scale when calibrating is cancelled', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Calibrate with a card' }));
    fireEvent.change(screen.getByLabelText('Outline size'), { target: { value: '900' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const px = 500 * CSS_PX_PER_MM;
    expect(tileSize()).toBe(`${px}px ${px}px`);
    expect(localStorage.getItem(SCREEN_SCALE_KEY)).toBeNull();
  });
});
