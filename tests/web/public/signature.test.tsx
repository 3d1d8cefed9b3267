// Registration step 2 by keyboard: the typed signature (the accessible alternative to the drawing pad), written
// out on a canvas of the pad's size and sent as the same PNG; and the agreement's focusable scroll area.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../contract/constants';
import { SIGNATURE_FONTS } from '../../../src/components/inputs/typedSignature';
import { renderPublic, testDataProvider, type TestDataProvider } from './harness';
import { FAKE_SIGNATURE_PNG } from './signatureMock';

vi.mock('react-signature-canvas', async () => await import('./signatureMock'));

/** What the typed signature's canvas answers (happy-dom draws nothing): distinct from the drawn stand-in. */
const TYPED_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4nGP4z8DwHwyBNAMDAGPYBftwm3lRAAAAAElFTkSuQmCC';

const STEP1: Record<string, string> = {
  OCN: '123a',
  Email: 'ops@carrier.example',
  'First Name': 'Ada',
  'Last Name': 'Neil',
  'Phone Number': '2015550123',
  Title: 'CTO',
  'Company Name': 'Carrier One',
  Address: '1 Main Street',
  City: 'Springfield',
  'Zip Code': '62701',
  '499 Filer ID': '123456',
  FRN: '0012345678',
};

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;
}

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
  fireEvent.blur(field(label));
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

async function toStep2(dataProvider?: TestDataProvider) {
  renderPublic('/register', { dataProvider });
  await heading('Registration');
  for (const [label, value] of Object.entries(STEP1)) type(label, value);
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /^State/ }));
  fireEvent.click(screen.getByRole('option', { name: 'IL' }));
  click('Next Step');
  await heading('Registration - Review and Sign Subscriber agreement');
}

/** A 2D context that records the font and the text drawn; the canvas answers TYPED_PNG. */
function fakeCanvas() {
  const drawn: { text: string; font: string; width: number; height: number }[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function getContext(
    this: HTMLCanvasElement,
  ) {
    const { width, height } = this;
    const context = {
      font: '',
      fillStyle: '',
      textAlign: '',
      textBaseline: '',
      fillRect: () => undefined,
      measureText: (text: string) => ({ width: text.length * 10 }),
      fillText: (text: string) => drawn.push({ text, font: context.font, width, height }),
    };
    return context as never;
  });
  const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(TYPED_PNG);
  return { drawn, toDataURL };
}

const typedTab = () => screen.getByRole('tab', { name: 'Type your signature instead' });

afterEach(() => vi.restoreAllMocks());

describe('typed signature', () => {
  it('starts from the printed name, writes it in script on a canvas of the pad size and previews the PNG', async () => {
    const { drawn, toDataURL } = fakeCanvas();
    await toStep2();
    type('Printed Name', 'Ada Neil');
    expect(screen.getByRole('tab', { name: 'Draw your signature', selected: true })).toBeInTheDocument();
    fireEvent.click(typedTab());
    expect(typedTab()).toHaveAttribute('aria-selected', 'true');
    expect(field('Typed signature').value).toBe('Ada Neil');
    await waitFor(() => expect(drawn.at(-1)?.text).toBe('Ada Neil'));
    expect(drawn.at(-1)?.font).toContain(SIGNATURE_FONTS);
    // the stand-in pad's canvas is happy-dom's default 300 × 150: the typed one is the same
    expect(drawn.at(-1)).toMatchObject({ width: 300, height: 150 });
    expect(toDataURL).toHaveBeenCalledWith('image/png');
    const preview = document.querySelector(`img[src="${TYPED_PNG}"]`);
    expect(preview).not.toBeNull();
    expect(screen.getByText(/written out in script/)).toBeInTheDocument();
  });

  it('follows the edits of its field, and a blank one is no signature', async () => {
    const { drawn } = fakeCanvas();
    await toStep2();
    type('Printed Name', 'Ada Neil');
    fireEvent.click(typedTab());
    type('Typed signature', 'A. Neil');
    await waitFor(() => expect(drawn.at(-1)?.text).toBe('A. Neil'));
    // the printed name no longer leads once the signer has typed
    type('Printed Name', 'Ada B. Neil');
    expect(field('Typed signature').value).toBe('A. Neil');
    type('Typed signature', '   ');
    expect(await screen.findByText(MESSAGES.signatureRequired)).toBeInTheDocument();
    click('Next Step');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Review and Sign');
  });

  it('is what gets registered, as sign_file: a PNG blob of the typed image', async () => {
    fakeCanvas();
    const dataProvider = testDataProvider({ register: async () => ({ service_provider_uuid: 'a1b2c3' }) });
    await toStep2(dataProvider);
    type('Printed Name', 'Ada Neil');
    fireEvent.click(typedTab());
    await waitFor(() => expect(document.querySelector(`img[src="${TYPED_PNG}"]`)).not.toBeNull());
    click('Next Step');
    await heading('Registration - Enter a new password and confirm it');
    type('Password', 'secret-pass');
    type('Confirm Password', 'secret-pass');
    click('Next Step');
    await waitFor(() => expect(dataProvider.register).toHaveBeenCalledTimes(1));
    const [{ fields, signature }] = dataProvider.register.mock.calls[0];
    expect(fields.printed_name).toBe('Ada Neil');
    expect(signature).toBeInstanceOf(Blob);
    expect(signature.type).toBe('image/png');
    const bytes = new Uint8Array(await (signature as Blob).arrayBuffer());
    expect(Array.from(bytes)).toEqual(Array.from(atob(TYPED_PNG.split(',')[1]), (c) => c.charCodeAt(0)));
  });

  it('gives way to the drawing again: back on the pad, only a drawing signs', async () => {
    fakeCanvas();
    const dataProvider = testDataProvider({ register: async () => ({ service_provider_uuid: 'a1b2c3' }) });
    await toStep2(dataProvider);
    type('Printed Name', 'Ada Neil');
    fireEvent.click(typedTab());
    await waitFor(() => expect(document.querySelector(`img[src="${TYPED_PNG}"]`)).not.toBeNull());
    fireEvent.click(screen.getByRole('tab', { name: 'Draw your signature' }));
    expect(await screen.findByText(MESSAGES.signatureRequired)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Typed signature/)).not.toBeInTheDocument();
    click('Draw signature');
    click('Next Step');
    await heading('Registration - Enter a new password and confirm it');
    type('Password', 'secret-pass');
    type('Confirm Password', 'secret-pass');
    click('Next Step');
    await waitFor(() => expect(dataProvider.register).toHaveBeenCalledTimes(1));
    const [{ signature }] = dataProvider.register.mock.calls[0];
    expect((signature as Blob).size).toBe(atob(FAKE_SIGNATURE_PNG.split(',')[1]).length);
  });
});

describe('agreement modal', () => {
  it('makes its scroll area a named region that takes the focus', async () => {
    await toStep2();
    click('Read the subscription agreement');
    const dialog = await screen.findByRole('dialog', { name: 'Certificate info' });
    const region = screen.getByRole('region', { name: 'Subscriber agreement text' });
    expect(dialog).toContainElement(region);
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveTextContent('STI Certificate Subscriber Agreement');
  });
});
