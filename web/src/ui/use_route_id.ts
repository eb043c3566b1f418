// The :id of the current route as a number (negative for an entity created
// offline and not yet saved); NaN for anything that is not a whole number.
import { useParams } from "react-router-dom";

export function useRouteId(): number {
  const { id = "" } = useParams();
  return /^-?\d+$/.test(id) ? Number(id) : NaN;
}
