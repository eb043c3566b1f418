// The words and pure rules of the Devices page's Last Lock tab (spec 2 §2, §3, §8).

export const LASTLOCK_MESSAGES = {
  discoveryTitle: "Device Discovery",
  discovery: "Successfully discovered new Last Lock devices.",
  discoveryFailedTitle: "Discovery Failed",
  discoveryFailed: "Failed to discover devices",
  approvedTitle: "Device Approved",
  approved: "Device has been approved and added to the All Devices list.",
  approvalFailedTitle: "Approval Failed",
  approvalFailed: "Failed to approve device",
  approveConfirm: "Are you sure you want to approve this Last Lock device?",
  awaiting: "awaiting admin approval",
  tokenValid: "API Token Valid",
  noToken: "No API Token",
  notConfigured: "Not configured",
} as const;

/** The pending count the Last Lock tab's label carries (nothing while it is 0 or unknown). */
export const pendingCountLabel = (count: number | undefined) => (count ? String(count) : null);
