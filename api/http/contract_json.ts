// What a value becomes on the wire: the server's types keep Date, the web reads
// the JSON, where a Date is its ISO text. Json<Device> is the web's Device. Like
// Hono's JSONParsed: anything with toJSON() becomes what that returns, recursively.

export type Json<T> = T extends { toJSON(): infer R } ? R
  : T extends readonly (infer U)[] ? Json<U>[]
  : T extends object ? { [K in keyof T]: Json<T[K]> }
  : T;
