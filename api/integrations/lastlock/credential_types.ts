// The credential types Last Lock takes (lastlock.proto's CredentialType). No
// imports: the wire protocol, the request schemas and the web's test page share it.
export const CREDENTIAL_TYPES = [
  "HID_PROX_CORP_1000",
  "APPLE_WALLET",
  "MIFARE_CLASSIC",
  "EM41XX",
] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];
