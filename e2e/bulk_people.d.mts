// The types of bulk_people.mjs, for the end-to-end tests: the API's own shapes.
import type { Json } from "../api/http/contract_json.ts";
import type { User } from "../api/users/contract.ts";
import type { RoomAccess } from "../api/access_review/contract.ts";

export declare const BULK: number;
export declare const bulkUsers: Json<User>[];
export declare function bulkAccessPeople(group: { id: number; name: string }): Json<RoomAccess>["users"];
