// The webhook calls (spec 3 §6). Never through the outbox: an endpoint's secret is
// answered once, to the request that made it, so these changes are sent at once
// or not at all (offline they fail with the network's message), like lockdowns.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/client";
import type {
  Webhook as ServerWebhook,
  WebhookDelivery as ServerDelivery,
  WebhookRequest,
  WebhookWithSecret as ServerWithSecret,
} from "../../../../api/webhooks/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";

export type Webhook = Json<ServerWebhook>;
export type WebhookWithSecret = Json<ServerWithSecret>;
export type WebhookDelivery = Json<ServerDelivery>;

export const WEBHOOKS_PATH = "/api/webhooks";
const webhookPath = (id: number) => `${WEBHOOKS_PATH}/${id}`;
const deliveriesPath = (id: number) => `${webhookPath(id)}/deliveries`;
/** How often a webhook's page reads its deliveries again: a test event shows delivered in a moment. */
const DELIVERIES_REFRESH_MS = 2_000;

export const useWebhooks = () => useQuery<Webhook[]>({ queryKey: [WEBHOOKS_PATH] });
export const useWebhook = (id: number) => useQuery<Webhook>({ queryKey: [webhookPath(id)] });
export const useDeliveries = (id: number) =>
  useQuery<WebhookDelivery[]>({ queryKey: [deliveriesPath(id)], refetchInterval: DELIVERIES_REFRESH_MS });

/** After any change: the list, the webhook and its deliveries are read again. */
function useRefresh() {
  const cache = useQueryClient();
  return (id?: number) => {
    void cache.invalidateQueries({ queryKey: [WEBHOOKS_PATH] });
    if (id !== undefined) {
      void cache.invalidateQueries({ queryKey: [webhookPath(id)] });
      void cache.invalidateQueries({ queryKey: [deliveriesPath(id)] });
    }
  };
}

const now = { networkMode: "always" } as const;

export function useCreateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    ...now,
    mutationFn: (body: WebhookRequest) => call<WebhookWithSecret>("POST", WEBHOOKS_PATH, { body }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateWebhook(webhook: Webhook) {
  const refresh = useRefresh();
  return useMutation({
    ...now,
    mutationFn: (body: WebhookRequest) => call<Webhook>("PUT", webhookPath(webhook.id), { body, ifMatch: webhook.updatedAt }),
    onSettled: () => refresh(webhook.id),
  });
}

export function useDeleteWebhook(id: number) {
  const refresh = useRefresh();
  return useMutation({ ...now, mutationFn: () => call("DELETE", webhookPath(id)), onSuccess: () => refresh() });
}

export function useRotateSecret(id: number) {
  const refresh = useRefresh();
  return useMutation({
    ...now,
    mutationFn: () => call<WebhookWithSecret>("POST", `${webhookPath(id)}/rotate-secret`),
    onSuccess: () => refresh(id),
  });
}

export function useSendTest(id: number) {
  const refresh = useRefresh();
  return useMutation({
    ...now,
    mutationFn: () => call<WebhookDelivery>("POST", `${webhookPath(id)}/test`),
    onSettled: () => refresh(id),
  });
}

export function useRetryDelivery(id: number) {
  const refresh = useRefresh();
  return useMutation({
    ...now,
    mutationFn: (deliveryId: number) => call<WebhookDelivery>("POST", `${deliveriesPath(id)}/${deliveryId}/retry`),
    onSettled: () => refresh(id),
  });
}
