// How the app names an alarm's type and severity (spec 4 §2 "Screens"): the server's
// words (api/alarms/words.ts), which its notifications use too. Apart from the rest of
// the alarms' texts because the Doors board's chips use them too.
export { ALARM_TYPE_WORDS, SEVERITY_WORDS } from "../../../../api/alarms/words.ts";
