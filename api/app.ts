// Composes the API from its features. Every feature is a sub-app mounted
// under /api; whatever is not /api is the PWA.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Env, Services } from "./http/env.ts";
import { compression } from "./http/compression.ts";
import { answer, ApiError, onError } from "./http/errors.ts";
import { notFound } from "./http/not_found.ts";
import { databaseScope } from "./http/database_scope.ts";
import { requestLog } from "./http/request_log.ts";
import { serveApp } from "./http/static.ts";
import { MAX_BODY_BYTES } from "./http/validate.ts";
import { sameOriginWrites, securityHeaders } from "./http/security.ts";
import { requireRule } from "./auth/access.ts";
import { authRoutes } from "./auth/routes.ts";
import { invitationRoutes } from "./auth/invitation_routes.ts";
import { passwordResetRoutes } from "./auth/password_reset_routes.ts";
import { oidcRoutes } from "./auth/oidc_routes.ts";
import { visitRoutes } from "./visits/routes.ts";
import { passRoutes } from "./visits/pass_routes.ts";
import { accessReviewRoutes } from "./access_review/routes.ts";
import { healthRoutes } from "./health/routes.ts";
import { roomRoutes } from "./rooms/routes.ts";
import { groupRoomRoutes } from "./group_rooms/routes.ts";
import { deviceRoutes } from "./devices/routes.ts";
import { logRoutes } from "./logs/routes.ts";
import { holidayCalendarRoutes, scheduleRoutes } from "./schedules/routes.ts";
import { auditRoutes } from "./audit/routes.ts";
import { lockdownRoutes } from "./lockdowns/routes.ts";
import { userRoutes } from "./users/routes.ts";
import { credentialRoutes } from "./users/credentials_routes.ts";
import { groupRoutes } from "./groups/routes.ts";
import { accessRoutes } from "./access/routes.ts";
import { deviceKeyRoutes } from "./access/key_routes.ts";
import { densityRoutes } from "./integrations/density/routes.ts";
import {
  DENSITY_SIMULATOR_PATH,
  densitySimulatorRoutes,
} from "./integrations/density/simulator_routes.ts";
import { stripeRoutes } from "./integrations/stripe/routes.ts";
import { lastLockRoutes } from "./integrations/lastlock/routes.ts";
import { unifiRoutes } from "./integrations/unifi/routes.ts";
import { STRIPE_SIMULATOR_PATH, stripeSimulatorRoutes } from "./integrations/stripe/hosted_page.ts";
import { createIntegrations } from "./integrations/integrations.ts";
import { DoorStreams } from "./access/door_streams.ts";
import { RoomParts } from "./access/room_parts.ts";
import { Admission } from "./http/admission.ts";
import { Presence } from "./doors/presence.ts";
import { LiveEvents } from "./events/live_events.ts";
import { eventRoutes } from "./events/routes.ts";
import { MemberStreams } from "./member_doors/member_streams.ts";
import { memberDoorRoutes } from "./member_doors/routes.ts";
import { webhookRoutes } from "./webhooks/routes.ts";
import { pushRoutes } from "./push/routes.ts";
import { notificationSettingsRoutes } from "./notifications/settings.ts";
import { alarmRoutes } from "./alarms/routes.ts";
import { doorRoutes } from "./doors/routes.ts";
import { mailRoutes } from "./mail/routes.ts";
import { MAILBOX_PATH, mailboxRoutes } from "./mail/mailbox.ts";
import { scimTokenRoutes } from "./scim/token_routes.ts";
import { scimRoutes } from "./scim/routes.ts";
import { SCIM_BASE_PATH } from "./scim/token_schemas.ts";

/**
 * The doors' list fetches in one process (http/admission.ts): a few at once keep the
 * cores free for everything else (each is a query, a body of tens of KB made, hashed
 * and compressed); a storm's worth wait (500 doors over two processes), each at most
 * 2 s, then 503 with Retry-After: 2, which the reference controller spreads with jitter.
 */
const LIST_FETCHES = { atOnce: 4, waiting: 256, maxWaitMs: 2_000, retryAfterSeconds: 2 };

/**
 * Without `integrations` they are built from the configuration; whoever starts the
 * app passes its own when it must stop them (main.ts) or control them (tests).
 */
export function createApp(
  options: Omit<Services, "integrations"> & Partial<Pick<Services, "integrations">> & {
    /** Aborted when the server shuts down: long-lived streams end, so in-flight requests can finish. */
    stopping?: AbortSignal;
  },
) {
  const services: Services = {
    ...options,
    integrations: options.integrations ?? createIntegrations(options.config),
  };
  const roomParts = new RoomParts();
  const listFetches = new Admission(LIST_FETCHES);
  const presence = new Presence(services.sql, services.log);
  const doors = new DoorStreams(services.sql, services.listen, services.log, roomParts, presence, options.stopping);
  const liveEvents = new LiveEvents(services.sql, services.listen, services.log, roomParts, options.stopping);
  const memberStreams = new MemberStreams(services.sql, services.listen, services.log, options.stopping);
  const app = new Hono<Env>();
  app.use(async (c, next) => {
    c.set("sql", services.sql);
    c.set("doors", doors);
    c.set("roomParts", roomParts);
    c.set("listFetches", listFetches);
    c.set("presence", presence);
    c.set("liveEvents", liveEvents);
    c.set("memberStreams", memberStreams);
    c.set("listen", services.listen);
    c.set("config", services.config);
    c.set("log", services.log);
    c.set("integrations", services.integrations);
    await next();
  });
  app.use(databaseScope);
  app.use(requestLog);
  app.use(securityHeaders);
  app.use(compression);
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        answer(
          c,
          new ApiError(
            "payload_too_large",
            `Request body is too large (limit ${MAX_BODY_BYTES / 1024} KB)`,
          ),
        ),
    }),
  );
  app.use("/api/*", sameOriginWrites);
  app.use("/api/*", requireRule);

  app.route("/api/health", healthRoutes);
  app.route("/api/auth", authRoutes);
  app.route("/api/auth/invitations", invitationRoutes);
  app.route("/api/auth/password-reset", passwordResetRoutes);
  app.route("/api/auth/oidc", oidcRoutes);
  app.route("/api/rooms", roomRoutes);
  app.route("/api/groups", groupRoomRoutes);
  app.route("/api/devices", deviceRoutes);
  app.route("/api/devices", deviceKeyRoutes);
  app.route("/api/access", accessRoutes);
  app.route("/api", logRoutes);
  app.route("/api/audit", auditRoutes);
  app.route("/api/schedules", scheduleRoutes);
  app.route("/api/holiday-calendars", holidayCalendarRoutes);
  app.route("/api/lockdowns", lockdownRoutes);
  app.route("/api/alarms", alarmRoutes);
  app.route("/api/doors", doorRoutes);
  app.route("/api/events", eventRoutes);
  app.route("/api/me/notification-settings", notificationSettingsRoutes);
  app.route("/api/me", memberDoorRoutes);
  app.route("/api/push", pushRoutes);
  app.route("/api/webhooks", webhookRoutes);
  app.route("/api/mail", mailRoutes);
  app.route("/api/users", userRoutes);
  app.route("/api/visits", visitRoutes);
  app.route("/api/pass", passRoutes);
  app.route("/api", accessReviewRoutes);
  app.route("/api/users", credentialRoutes);
  app.route("/api/groups", groupRoutes);
  app.route("/api/scim-tokens", scimTokenRoutes);
  app.route("/api/density", densityRoutes);
  app.route("/api/stripe", stripeRoutes);
  app.route("/api/lastlock", lastLockRoutes);
  app.route("/api/unifi", unifiRoutes);
  // Simulators (only while no real service is configured), outside /api: the
  // Stripe hosted page posts plain HTML forms and delivers webhooks to this app.
  app.route(DENSITY_SIMULATOR_PATH, densitySimulatorRoutes);
  app.route(STRIPE_SIMULATOR_PATH, stripeSimulatorRoutes((request) => app.fetch(request)));
  app.route(MAILBOX_PATH, mailboxRoutes);
  // SCIM provisioning (spec 4 §6): identity providers with bearer tokens, in SCIM's
  // own format; its own body limit, authentication and errors (scim/routes.ts).
  app.route(SCIM_BASE_PATH, scimRoutes);

  // Registered last but /api paths pass through it, so unknown ones end in the
  // JSON 404 and routes added after createApp (tests) still answer.
  app.get("*", serveApp(services.config.staticDir, (url, init) => app.request(url, init)));
  app.notFound((c) => answer(c, notFound.route(c.req.method, c.req.path)));
  app.onError(onError);
  return app;
}

export type App = ReturnType<typeof createApp>;
