import { generationMessages } from '@camo/shared/generation.schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyCreateForm, type CreateForm } from '../lib/create-form';
import { DesignForm } from './design-form';
import { jpegFile, stubImageDecoder } from '@/test/image-decoder';

function Harness({
  onGenerate,
  serverError = null,
}: {
  onGenerate: () => void;
  serverError?: string | null;
}) {
  const [form, setForm] = useState<CreateForm>(emptyCreateForm);
  return (
    <>
      <DesignForm
        form={form}
        onChange={(changes) => setForm((previous) => ({ ...previous, ...changes }))}
        onPhoto={(photo) => setForm((previous) => ({ ...previous, photo, previewUrl: 'blob:preview' }))}
        onGenerate={onGenerate}
        serverError={serverError}
      />
      <output data-testid="form">{JSON.stringify({ ...form, photo: form.photo?.name ?? null })}</output>
    </>
  );
}

const formState = () =>
  JSON.parse(screen.getByTestId('form').textContent ?? '{}') as Omit<CreateForm, 'photo'> & {
    photo: string | null;
  };

const photo = () => jpegFile();

beforeEach(() => stubImageDecoder());
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DesignForm (step 1)', () => {
  it('takes image files only, with the spec message, and shows a preview', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness onGenerate={vi.fn()} />);
    const input = screen.getByLabelText(/click to upload a photo/i);
    expect(input).toHaveAttribute('accept', 'image/*');

    await user.upload(input, new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent(generationMessages.invalidImage);
    expect(formState().photo).toBeNull();

    // Named and typed as a JPEG, but its bytes are not a picture: refused when chosen, no preview.
    await user.upload(input, new File(['not a photo at all'], 'holiday.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(generationMessages.invalidImage);
    expect(formState().photo).toBeNull();
    expect(screen.queryByRole('img', { name: 'Your environment photo' })).not.toBeInTheDocument();

    await user.upload(input, photo());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(formState().photo).toBe('timber.jpg');
    expect(screen.getByRole('img', { name: 'Your environment photo' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
  });

  it('counts the description as n/500 characters and caps it', async () => {
    const user = userEvent.setup();
    render(<Harness onGenerate={vi.fn()} />);
    const description = screen.getByRole('textbox', { name: 'Description' });
    expect(description).toHaveAttribute('maxLength', '500');
    expect(screen.getByText('0/500 characters')).toBeInTheDocument();
    await user.type(description, 'Oak timber');
    expect(screen.getByText('10/500 characters')).toBeInTheDocument();
  });

  it('finds a state by code or name, and a new state resets the county', async () => {
    const user = userEvent.setup();
    render(<Harness onGenerate={vi.fn()} />);
    const county = screen.getByRole('combobox', { name: /county/i });
    expect(county).toBeDisabled();

    const state = screen.getByRole('combobox', { name: /state/i });
    await user.type(state, 'az');
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Arizona/ }));
    expect(formState().state).toBe('AZ');
    expect(state).toHaveValue('Arizona');
    expect(county).toBeEnabled();

    await user.type(county, 'mari');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Maricopa']);
    await user.click(options[0]!);
    expect(formState().county).toBe('Maricopa');

    await user.clear(state);
    await user.type(state, 'new mex');
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /New Mexico/ }));
    expect(formState().state).toBe('NM');
    expect(formState().county).toBe('');
    expect(county).toHaveValue('');
  });

  it('lets each design-element toggle be switched, with its explanation', async () => {
    const user = userEvent.setup();
    render(<Harness onGenerate={vi.fn()} />);
    const blobs = screen.getByRole('switch', { name: 'Blobs' });
    expect(blobs).toHaveAccessibleDescription('Big rounded shapes that break up your outline at a distance.');
    expect(screen.getAllByRole('switch')).toHaveLength(9);
    await user.click(blobs);
    expect(formState().toggles.blobs).toBe(true);
    expect(formState().toggles.whiteSpace).toBe(false);
  });

  it('keeps Generate Design disabled until photo, state and description, and says what is missing', async () => {
    const user = userEvent.setup();
    const onGenerate = vi.fn();
    render(<Harness onGenerate={onGenerate} />);
    const generate = screen.getByRole('button', { name: 'Generate Design' });
    expect(generate).toHaveAttribute('aria-disabled', 'true');

    await user.click(generate);
    expect(screen.getByRole('alert')).toHaveTextContent(generationMessages.missingInputs);
    expect(onGenerate).not.toHaveBeenCalled();

    await user.upload(screen.getByLabelText(/click to upload a photo/i), photo());
    await user.type(screen.getByRole('textbox', { name: 'Description' }), '   ');
    const state = screen.getByRole('combobox', { name: /state/i });
    await user.type(state, 'wy');
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Wyoming/ }));
    expect(generate).toHaveAttribute('aria-disabled', 'true');

    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Sagebrush flat');
    expect(generate).toHaveAttribute('aria-disabled', 'false');
    await user.click(generate);
    expect(onGenerate).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message for a refused request", () => {
    render(<Harness onGenerate={vi.fn()} serverError="You have reached today's limit." />);
    expect(screen.getByRole('alert')).toHaveTextContent("You have reached today's limit.");
  });
});
