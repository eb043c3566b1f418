// The credentials tab's rules (spec 1 §2, §5, §9), pure.
import type { Credential } from "./api";

export const CREDENTIAL_TYPES = ["HID Prox", "PKOC BLE", "EM41", "Mifare"] as const;
/** The identity verification's synthetic row. */
export const SYSTEM_ROW_ID = -1;
export const SYSTEM_MANAGED = "System Managed";
export const CREDENTIALS_EMPTY = "No credentials found for this user.";

/** The -1 row stands for the identity verification: never edited or removed. */
export const isSystemManaged = (credential: Pick<Credential, "id" | "systemManaged">) =>
  credential.id === SYSTEM_ROW_ID || credential.systemManaged === true;

/** Type is required (the button is disabled without one); the codes are optional in the form. */
export const credentialFormReady = (form: { type: string }) => form.type.trim() !== "";
