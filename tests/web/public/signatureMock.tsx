// happy-dom has no canvas: a stand-in for react-signature-canvas with the same instance methods.
// "Draw signature" plays the end of a stroke.
import { Component } from 'react';
import type ReactSignatureCanvas from 'react-signature-canvas';

type SignatureCanvasProps = ReactSignatureCanvas.ReactSignatureCanvasProps;

export const FAKE_SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

export const signatureProps: { last?: SignatureCanvasProps } = {};

export default class FakeSignatureCanvas extends Component<SignatureCanvasProps> {
  private empty = true;

  isEmpty = () => this.empty;
  clear = () => {
    this.empty = true;
  };
  toDataURL = () => FAKE_SIGNATURE_PNG;
  fromDataURL = () => {
    this.empty = false;
  };
  toData = () => [];
  fromData = () => undefined;
  getCanvas = () => document.createElement('canvas');
  on = () => undefined;
  off = () => undefined;

  override render() {
    signatureProps.last = this.props;
    const { canvasProps = {}, onEnd } = this.props;
    return (
      <div>
        <span data-testid="signature-canvas" {...canvasProps} />
        <button
          type="button"
          onClick={(event) => {
            this.empty = false;
            onEnd?.(event.nativeEvent);
          }}
        >
          Draw signature
        </button>
      </div>
    );
  }
}
