// The types of bulk_people.mjs, for the end-to-end tests.
export declare const BULK: number;
export declare const bulkUsers: {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  isAdmin: boolean;
  groups: never[];
  stripeVerificationStatus: null;
  stripeVerifiedAt: null;
  createdAt: string;
  updatedAt: string;
}[];
export declare function bulkAccessPeople(group: { id: number; name: string }): {
  userId: number;
  name: string;
  email: string;
  canOpenNow: boolean;
  via: { groupId: number; groupName: string; scheduleId: null; scheduleName: null; lockdownOverride: boolean }[];
}[];
