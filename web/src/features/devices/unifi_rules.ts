// The words and pure rules of the Devices page's UniFi tab (spec 2 §2, §8).

export const UNIFI_MESSAGES = {
  discoveryTitle: "UniFi Discovery Complete",
  discoveryFailedTitle: "Discovery Failed",
  discoveryFailed: "Failed to discover UniFi devices",
  assignedTitle: "Device Assigned",
  assignmentFailedTitle: "Assignment Failed",
  assignmentFailed: "Failed to assign device to room",
  credentialsValid: "Credentials Valid",
  noCredentials: "No Credentials",
  notConfigured: "Not configured",
  assignToRoom: "Assign to Room",
} as const;

export type UnifiDiscovery = { cameras: number; sensors: number; newDevices: number };

/** Spec 2 §8: 'Found {cameras} cameras and {sensors} sensors. {newDevices} new devices available for assignment.' */
export const discoveryText = ({ cameras, sensors, newDevices }: UnifiDiscovery) =>
  `Found ${cameras} cameras and ${sensors} sensors. ${newDevices} new devices available for assignment.`;

export const assignedText = (device: string, room: string) => `${device} was assigned to ${room}.`;

/** The tab lists pending cameras and sensors from Ubiquiti only (spec 2 §2). */
export const pendingUnifiDevices = <T extends { type: string; manufacturer: string | null; isPending: boolean }>(
  devices: readonly T[],
): T[] =>
  devices.filter((d) =>
    d.isPending && (d.type === "camera" || d.type === "sensor") && (d.manufacturer ?? "").toLowerCase() === "ubiquiti"
  );
