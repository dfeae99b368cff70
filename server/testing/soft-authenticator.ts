/**
 * A software passkey for tests: an ES256 key pair that answers WebAuthn registration and
 * sign-in options the way a browser and a platform authenticator would (attestation 'none',
 * user present and verified, a resident key with the user handle), so the server's real
 * verification runs against it.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | Buffer | string) => createHash('sha256').update(bytes).digest();

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;
  private userHandle: string | undefined;

  constructor(private readonly origin: string) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authData(rpId: string, flags: number, extra: Buffer = Buffer.alloc(0)) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra]);
  }

  /** The answer to PublicKeyCredentialCreationOptions (as navigator.credentials.create gives it). */
  register(options: Options, { origin = this.origin }: { origin?: string } = {}) {
    const rpId = options.rp?.id ?? new URL(origin).hostname;
    this.userHandle = options.user?.id;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([
      Buffer.alloc(16), // AAGUID
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = this.authData(rpId, 0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** The answer to PublicKeyCredentialRequestOptions (navigator.credentials.get). */
  signIn(options: Options, { origin = this.origin }: { origin?: string } = {}) {
    const rpId = options.rpId ?? new URL(origin).hostname;
    this.counter += 1;
    const authData = this.authData(rpId, 0x05);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
