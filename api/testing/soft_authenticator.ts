// A software passkey authenticator for API tests: real P-256 keys and real
// WebAuthn structures (CBOR attestation, authenticator data, DER signatures),
// so the server's SimpleWebAuthn verification runs exactly as with a phone.
const enc = new TextEncoder();

export const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), at += p.length);
  return out;
};
const sha256 = async (data: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest("SHA-256", data as BufferSource));
const u32 = (n: number) => new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

// Minimal CBOR: the integer, byte-string, text-string and map types WebAuthn uses.
function cborHead(major: number, length: number): Uint8Array {
  if (length < 24) return new Uint8Array([(major << 5) | length]);
  if (length < 256) return new Uint8Array([(major << 5) | 24, length]);
  return new Uint8Array([(major << 5) | 25, length >> 8, length & 255]);
}
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(value: Cbor): Uint8Array {
  if (typeof value === "number") return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === "string") {
    return concat(cborHead(3, enc.encode(value).length), enc.encode(value));
  }
  if (value instanceof Uint8Array) return concat(cborHead(2, value.length), value);
  return concat(cborHead(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]));
}

// WebCrypto signs ECDSA as raw r||s; WebAuthn wants ASN.1 DER.
function derSignature(raw: Uint8Array): Uint8Array {
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    const trimmed = b.slice(i);
    const body = trimmed[0] & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, body.length]), body);
  };
  const seq = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(new Uint8Array([0x30, seq.length]), seq);
}

export class SoftAuthenticator {
  private counter = 0;
  private constructor(
    readonly credentialId: Uint8Array,
    private keys: CryptoKeyPair,
    readonly origin: string,
    readonly rpId: string,
  ) {}

  static async create(origin: string) {
    const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ]);
    return new SoftAuthenticator(
      crypto.getRandomValues(new Uint8Array(16)),
      keys,
      origin,
      new URL(origin).hostname,
    );
  }

  get id() {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return enc.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The spec's registration payload plus the attestation the server verifies. */
  async register(challenge: string, options: { origin?: string } = {}) {
    const jwk = await crypto.subtle.exportKey("jwk", this.keys.publicKey);
    const fromB64url = (s: string) =>
      Uint8Array.from(atob(s.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
    const coseKey = cbor(
      new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, fromB64url(jwk.x!)], [
        -3,
        fromB64url(jwk.y!),
      ]]),
    );
    const authData = concat(
      await sha256(enc.encode(this.rpId)),
      new Uint8Array([0x45]), // user present, user verified, attested credential data
      u32(this.counter),
      new Uint8Array(16), // aaguid
      new Uint8Array([0, this.credentialId.length]),
      this.credentialId,
      coseKey,
    );
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]),
    );
    return {
      credentialId: this.id,
      publicKey: b64url(coseKey),
      counter: 0,
      transports: ["internal"],
      backupEligible: true,
      backupState: false,
      clientDataJSON: b64url(this.clientData("webauthn.create", challenge, options.origin)),
      attestationObject: b64url(attestationObject),
    };
  }

  /**
   * The spec's login assertion payload. `userVerified: false`: the user was present
   * but not verified (no Face ID or PIN), as a security key without one answers.
   */
  async assert(challenge: string, options: { origin?: string; userVerified?: boolean } = {}) {
    this.counter += 1;
    const authData = concat(
      await sha256(enc.encode(this.rpId)),
      new Uint8Array([options.userVerified === false ? 0x01 : 0x05]), // user present (and verified)
      u32(this.counter),
    );
    const clientDataJSON = this.clientData("webauthn.get", challenge, options.origin);
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed),
    );
    return {
      credentialId: this.id,
      signature: b64url(derSignature(raw)),
      authenticatorData: b64url(authData),
      clientDataJSON: b64url(clientDataJSON),
      userHandle: null,
    };
  }
}
