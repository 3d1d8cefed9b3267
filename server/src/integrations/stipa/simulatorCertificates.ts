// What the simulated STI-PA publishes for verifiers besides its CRL, as an STI-PA publishes its own: the certificate
// that signs its SHAKEN CRL (the cRLIssuer every leaf names) and its root, the trust anchor that certificate (and the
// SPC-token signer) chains to. One PEM certificate each under /certificate/, public and cacheable like the portal's
// own /ca/ files: a verifier checks the CRL's signature with the first and the first with the second.
import type { FastifyInstance } from 'fastify';
import { X509Certificate, pemFile } from '../../ca';
import { emptyResponse, fileResponse } from '../../http/responses';
import { etagMatches, etagOf } from '../../repository/cr';
import type { SimulatorKeys } from './simulatorKeys';

/** The published files, under the simulator's API prefix. */
export const SIM_ROOT_PATH = '/certificate/root.crt';
export const SIM_CRL_SIGNER_PATH = '/certificate/crl-signer.crt';
export const SIM_ANCHOR_CONTENT_TYPE = 'application/x-pem-file';
/** A day, as the portal's CR and trust anchors: never past the certificate's own end. */
const MAX_AGE_S = 86_400;

interface Published {
  pem: string;
  etag: string;
  notAfterMs: number;
}

function published(pem: string, notAfter: Date): Published {
  const file = pemFile(pem);
  return { pem: file, etag: etagOf(file), notAfterMs: notAfter.getTime() };
}

/** The two files of a keyring, made once per keyring (its certificates never change while it lives). */
function filesOf(keys: () => Promise<SimulatorKeys>) {
  let files: Promise<Record<string, Published>> | undefined;
  return (): Promise<Record<string, Published>> =>
    (files ??= keys().then((k) => ({
      [SIM_ROOT_PATH]: published(k.rootPem, new X509Certificate(k.rootPem).notAfter),
      [SIM_CRL_SIGNER_PATH]: published(
        k.crlSigner.certificate.toString('pem'),
        k.crlSigner.certificate.notAfter,
      ),
    })));
}

/** GET /certificate/root.crt and /certificate/crl-signer.crt (mounted in the simulator's own scope). */
export function simulatorCertificateRoutes(
  sim: FastifyInstance,
  deps: { keys: () => Promise<SimulatorKeys>; now: () => Date },
): void {
  const files = filesOf(deps.keys);
  for (const path of [SIM_ROOT_PATH, SIM_CRL_SIGNER_PATH]) {
    sim.get(
      path,
      {
        config: { public: true },
        schema: { response: { 200: fileResponse(SIM_ANCHOR_CONTENT_TYPE), 304: emptyResponse } },
      },
      async (request, reply) => {
        const f = (await files())[path];
        const remaining = Math.floor((f.notAfterMs - deps.now().getTime()) / 1000);
        reply
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', `public, max-age=${Math.max(0, Math.min(MAX_AGE_S, remaining))}`)
          .header('ETag', f.etag);
        if (etagMatches(request.headers['if-none-match'], f.etag)) return reply.code(304).send();
        return reply.type(SIM_ANCHOR_CONTENT_TYPE).send(f.pem);
      },
    );
  }
}
