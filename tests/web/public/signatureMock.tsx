// happy-dom has no canvas: a stand-in for react-signature-canvas with the same instance methods.
// "Draw signature" plays the end of a stroke.
import { Component } from 'react';

export const FAKE_SIGNATURE_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

export const signatureProps: { last?: Record<string, any> } = {};

export default class FakeSignatureCanvas extends Component<Record<string, any>> {
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
            onEnd?.(event);
          }}
        >
          Draw signature
        </button>
      </div>
    );
  }
}
