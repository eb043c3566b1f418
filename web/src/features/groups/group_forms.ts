// The groups area's validation rules and texts (spec 1 §5, §8), pure.

export const GROUP_NAME_MAX = 100;

export const GROUP_MESSAGES = {
  created: "Group created",
  createFailed: "Failed to create group",
  updated: "Group updated",
  updateFailed: "Failed to update group",
  activated: "Group activated",
  deactivated: "Group deactivated",
  toggleFailed: "Failed to update group status",
  toggleFallback: "Failed to toggle group status",
  deleted: "Group deleted",
  deleteFailed: "Failed to delete group",
  userAdded: "User added",
  addFailed: "Failed to add user to group",
  userRemoved: "User removed",
  removeFailed: "Failed to remove user from group",
  roomAdded: "Room added to group successfully.",
  roomAddFailed: "Failed to add room to group.",
  roomRemoved: "Room removed from group successfully.",
  roomRemoveFailed: "Failed to remove room from group.",
  roomsEmpty: "No rooms found matching your search.",
  roomsFetchFailed: "Failed to fetch group rooms",
  grantScheduleUpdated: "Room schedule updated",
  grantScheduleFailed: "Failed to update room schedule",
  roomListFetchFailed: "Failed to fetch rooms",
  editInvalid: "Group name and description are required.",
  notFound: "Group not found",
} as const;

/** New group: the trimmed name checked against the schema, its messages joined. */
export function newGroupProblems(name: string): string | null {
  const trimmed = name.trim();
  const problems: string[] = [];
  if (!trimmed) problems.push("Group name is required");
  if (trimmed.length > GROUP_NAME_MAX) problems.push(`Group name must be at most ${GROUP_NAME_MAX} characters`);
  return problems.length ? problems.join("; ") : null;
}

/** Edit group: name and description both required. */
export const groupEditComplete = (form: { name: string; description: string }) =>
  form.name.trim() !== "" && form.description.trim() !== "";
