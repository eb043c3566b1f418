import { describe, expect, it } from "vitest";
import { deleteUserConfirmation, newUserErrors, newUserPayload, userDetailsComplete } from "./user_forms";

const good = { firstName: "Ada", lastName: "Lovelace", email: "ada@engine.test", password: "analytical", invite: false };
const invited = { ...good, password: "", invite: true };

describe("new user validation", () => {
  it("accepts a complete form", () => {
    expect(newUserErrors(good)).toEqual({});
  });
  it("needs a password of at least 8 characters", () => {
    expect(newUserErrors({ ...good, password: "short" }).password).toBe("Password must be at least 8 characters");
    expect(newUserErrors({ ...good, password: "12345678" }).password).toBeUndefined();
  });
  it("needs a valid e-mail", () => {
    expect(newUserErrors({ ...good, email: "ada.engine.test" }).email).toBe("Please enter a valid email address");
    expect(newUserErrors({ ...good, email: "ada@engine" }).email).toBe("Please enter a valid email address");
  });
  it("needs every field", () => {
    expect(newUserErrors({ firstName: " ", lastName: "", email: "", password: "", invite: false })).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      password: "Password is required",
    });
  });
  it("trims names and e-mail, not the password", () => {
    expect(newUserPayload({ ...good, firstName: " Ada ", email: " ada@engine.test ", password: " pass word " }))
      .toEqual({ firstName: "Ada", lastName: "Lovelace", email: "ada@engine.test", password: " pass word " });
  });
});

describe("a new user invited by e-mail (spec 4 §4)", () => {
  it("needs no password", () => {
    expect(newUserErrors(invited)).toEqual({});
    expect(newUserErrors({ ...invited, firstName: "", email: "ada" })).toEqual({
      firstName: "First name is required",
      email: "Please enter a valid email address",
    });
  });
  it("is sent with invite: true and without a password, whatever was typed in it before", () => {
    expect(newUserPayload({ ...invited, password: "typed-before", lastName: " Lovelace " }))
      .toEqual({ firstName: "Ada", lastName: "Lovelace", email: "ada@engine.test", invite: true });
  });
});

describe("edit and delete", () => {
  it("needs all three details non-blank", () => {
    expect(userDetailsComplete({ firstName: "A", lastName: "B", email: "c@d.e" })).toBe(true);
    expect(userDetailsComplete({ firstName: "A", lastName: "  ", email: "c@d.e" })).toBe(false);
  });
  it("names the user in the delete confirmation", () => {
    expect(deleteUserConfirmation({ firstName: "Ada", lastName: "Lovelace" }))
      .toBe("Are you sure you want to permanently delete Ada Lovelace? This action cannot be undone.");
  });
});
