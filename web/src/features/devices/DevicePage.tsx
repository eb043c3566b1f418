// /dash/device/{id}, the Overview tab (spec 2 §2, §5, §8): Device
// Configuration (with the Density API Configuration of a density device and
// the Last Lock Device Information of a Last Lock device), its Connection (spec 4
// §2, a device with an API key), the Danger Zone and the Assigned Credentials.
import { OverviewGrid } from "../../ui/OverviewGrid";
import { AssignedCredentials } from "./AssignedCredentials";
import { ConnectionCard } from "./ConnectionCard";
import { DeviceConfiguration } from "./DeviceConfiguration";
import { DeviceDangerZone } from "./DeviceDangerZone";
import { DeviceLayout } from "./DeviceLayout";

export default function DevicePage() {
  return (
    <DeviceLayout tab="Overview">
      {(device) => (
        <OverviewGrid
          main={<DeviceConfiguration key={`${device.id}:${device.updatedAt}`} device={device} />}
          side={
            <>
              <ConnectionCard device={device} />
              <DeviceDangerZone device={device} />
            </>
          }
          below={<AssignedCredentials device={device} />}
        />
      )}
    </DeviceLayout>
  );
}
