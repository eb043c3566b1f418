// Authentication calls of spec 1 §7: password and passkey sign-in, sign-up,
// passkey registration, the current session and sign-out.
import { Hono } from "hono";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Env } from "../http/env.ts";
import { badRequest, forbidden, unauthorized, uniqueOr409 } from "../http/errors.ts";
import { body, parse } from "../http/validate.ts";
import { transaction } from "../http/transaction.ts";
import { allow } from "./access.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import {
  createUser,
  findUserForSignIn,
  passkeyByCredentialId,
  passkeysOfEmail,
  sessionUser,
} from "./repo.ts";
import * as s from "./schemas.ts";
import { clientAddress, signIn, signOut } from "./sessions.ts";
import { clearFailures, recordFailure } from "./throttle.ts";
import {
  auditFailedSignIn,
  auditSignedIn,
  auditSignedOut,
  checkSignInThrottle,
} from "./sign_in_audit.ts";
import { audit, targetOf, userActor } from "../audit/record.ts";
import {
  challengeOf,
  passkeyAnswer,
  relyingParty,
  saveChallenge,
  takeChallenge,
  toBase64Url,
  verifyAssertion,
} from "./webauthn.ts";
import { z } from "zod";
import type { Done, PasskeyCheck, SignedIn } from "./contract.ts";

// Verifying against a fixed hash keeps "no such user" as slow as "wrong password".
const DUMMY_HASH = await hashPassword("timing-equaliser-password");
const INVALID = "Invalid email or password";
const DEACTIVATED = "This account has been deactivated. Please contact your administrator.";

export const authRoutes = new Hono<Env>()
  .get("/passkey/check/:email", allow.public, async (c) => {
    const { email } = parse(z.object({ email: s.email }), { email: c.req.param("email") });
    return c.json(
      { hasPasskeys: (await passkeysOfEmail(c.var.sql, email)).length > 0 } satisfies PasskeyCheck,
    );
  })
  .post("/passkey/login/options", allow.public, async (c) => {
    const { sql, config } = c.var;
    const { email } = await body(c, s.passkeyLoginOptionsBody);
    await checkSignInThrottle(c, sql, email, clientAddress(c));
    const passkeys = await passkeysOfEmail(sql, email);
    if (!passkeys.length) throw badRequest("No Face ID is set up for this account");
    const options = await generateAuthenticationOptions({
      rpID: relyingParty(c, config).rpID,
      allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
      userVerification: "preferred",
    });
    await saveChallenge(sql, options.challenge, "authentication", { email });
    return c.json(options);
  })
  .post("/passkey/login/verify", allow.public, async (c) => {
    const { sql, config } = c.var;
    const input = await body(c, s.passkeyLoginVerifyBody);
    const challenge = await takeChallenge(sql, challengeOf(input.clientDataJSON), "authentication");
    if (!challenge) throw badRequest("This sign-in request has expired. Please try again.");
    const ip = clientAddress(c);
    await checkSignInThrottle(c, sql, challenge.email ?? "", ip);
    const credentialId = toBase64Url(input.credentialId);
    const passkey = await passkeyByCredentialId(sql, credentialId);
    // The credential must belong to the account the options were made for.
    if (!passkey || passkey.email.toLowerCase() !== challenge.email?.toLowerCase()) {
      await recordFailure(sql, challenge.email ?? "", ip);
      auditFailedSignIn(c, challenge.email ?? "", null, "passkey");
      throw unauthorized("Face ID authentication failed");
    }
    if (!passkey.isActive) {
      auditFailedSignIn(c, passkey.email, passkey.userId, "deactivated");
      throw forbidden(DEACTIVATED);
    }
    if (!(await verifyAssertion(c, passkey, input, false))) {
      await recordFailure(sql, passkey.email, ip);
      auditFailedSignIn(c, passkey.email, passkey.userId, "passkey");
      throw unauthorized("Face ID authentication failed");
    }
    await clearFailures(sql, passkey.email);
    await signIn(c, sql, config, passkey.userId);
    const user = await sessionUser(sql, passkey.userId);
    auditSignedIn(c, user, "passkey");
    return c.json({ user } satisfies SignedIn);
  })
  .post("/passkey/register/options", allow.signedIn, async (c) => {
    const { sql, config } = c.var;
    const user = c.var.user!;
    const existing = await passkeysOfEmail(sql, user.email);
    const rp = relyingParty(c, config);
    const options = await generateRegistrationOptions({
      rpName: rp.rpName,
      rpID: rp.rpID,
      userName: user.email,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
      userID: new TextEncoder().encode(`threshold-user-${user.id}`),
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    });
    await saveChallenge(sql, options.challenge, "registration", { userId: user.id });
    return c.json(options);
  })
  .post("/passkey/register/verify", allow.signedIn, async (c) => {
    const { sql, config } = c.var;
    const user = c.var.user!;
    const input = await body(c, s.passkeyRegisterVerifyBody);
    const challenge = await takeChallenge(sql, challengeOf(input.clientDataJSON), "registration");
    if (!challenge || challenge.userId !== user.id) {
      throw badRequest("This Face ID setup has expired. Please try again.");
    }
    const credentialId = toBase64Url(input.credentialId);
    let verification;
    try {
      verification = await verifyRegistrationResponse(
        passkeyAnswer(c, config, credentialId, input.clientDataJSON, {
          clientDataJSON: toBase64Url(input.clientDataJSON),
          attestationObject: toBase64Url(input.attestationObject),
          transports: input.transports as never,
        }),
      );
    } catch (error) {
      c.var.log.warn("passkey registration failed", { error: String(error) });
      throw badRequest("Failed to register Face ID. Please try again.");
    }
    if (!verification.verified) throw badRequest("Failed to register Face ID. Please try again.");
    const info = verification.registrationInfo;
    const publicKey = isoBase64URL.fromBuffer(info.credential.publicKey);
    await uniqueOr409(
      transaction(sql, (tx) =>
        tx`insert into passkeys (user_id, credential_id, public_key, counter, device_type,
            transports, backup_eligible, backup_state, user_display_name)
          values (${user.id}, ${info.credential.id}, ${publicKey},
            ${info.credential.counter}, ${info.credentialDeviceType}, ${input.transports},
            ${info.credentialDeviceType === "multiDevice"}, ${info.credentialBackedUp},
            ${`${user.firstName} ${user.lastName}`.trim()})`),
      "This passkey is already registered",
    );
    audit(c, {
      action: "auth.passkey.register",
      target: targetOf("user", user),
      changes: { passkey: [null, info.credentialDeviceType] },
    });
    return c.json({ success: true } satisfies Done, 201);
  })
  .post("/login", allow.public, async (c) => {
    const { sql, config } = c.var;
    const { email, password } = await body(c, s.loginBody);
    const ip = clientAddress(c);
    await checkSignInThrottle(c, sql, email, ip);
    const user = await findUserForSignIn(sql, email);
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    // Someone invited has no password until they accept: nothing can match it.
    if (!user?.passwordHash || !valid) {
      await recordFailure(sql, email, ip);
      auditFailedSignIn(c, email, user?.id ?? null, "invalid");
      throw unauthorized(INVALID);
    }
    if (!user.isActive) {
      auditFailedSignIn(c, email, user.id, "deactivated");
      throw forbidden(DEACTIVATED);
    }
    await clearFailures(sql, email);
    await signIn(c, sql, config, user.id);
    const signedIn = await sessionUser(sql, user.id);
    auditSignedIn(c, signedIn, "password");
    return c.json({ user: signedIn } satisfies SignedIn);
  })
  .post("/signup", allow.public, async (c) => {
    const { sql, config } = c.var;
    const input = await body(c, s.signupBody);
    const passwordHash = await hashPassword(input.password);
    const id = await uniqueOr409(
      transaction(sql, (tx) => createUser(tx, { ...input, passwordHash })),
      "An account with this email already exists",
    );
    await signIn(c, sql, config, id);
    const user = await sessionUser(sql, id);
    audit(c, {
      action: "auth.sign_up",
      actor: userActor(user),
      target: targetOf("user", user),
      changes: {
        email: [null, user.email],
        firstName: [null, user.firstName],
        lastName: [null, user.lastName],
      },
    });
    return c.json({ user } satisfies SignedIn, 201);
  })
  .get("/me", allow.signedIn, (c) => c.json({ user: c.var.user! } satisfies SignedIn))
  .post("/logout", allow.public, async (c) => {
    const ended = await signOut(c, c.var.sql, c.var.config);
    if (ended !== null) auditSignedOut(c, await sessionUser(c.var.sql, ended));
    return c.json({ success: true } satisfies Done);
  });
