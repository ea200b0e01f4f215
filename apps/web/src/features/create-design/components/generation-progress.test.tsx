import type { PublicConfig } from '@camo/shared/api.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testConfig } from '@/test/public-config';
import { GenerationProgress } from './generation-progress';

const config = (designGenerator: PublicConfig['designGenerator']) => testConfig({ designGenerator });

function renderWith(generator: PublicConfig['designGenerator']) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['config'], config(generator));
  render(
    <QueryClientProvider client={queryClient}>
      <GenerationProgress generation={null} uploadFraction={null} />
    </QueryClientProvider>,
  );
}

describe('GenerationProgress', () => {
  it('keeps the seven stage labels and says under each what runs: the built-in generator', () => {
    renderWith('built-in');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(7);
    expect(items[2]).toHaveTextContent('AI Analysis');
    expect(items[2]).toHaveTextContent('The built-in generator is reading your photo');
    expect(items[3]).toHaveTextContent('The built-in generator is drawing design A');
  });

  it('names the AI image service where one makes the designs', () => {
    renderWith('ai');
    expect(screen.getAllByRole('listitem')[2]).toHaveTextContent(
      'The AI image service is reading your photo',
    );
  });
});
