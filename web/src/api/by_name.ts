// The order lists of named things keep (the API's too): by name as people
// read it, "a" and "A" together.
export const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en", { sensitivity: "base" });
