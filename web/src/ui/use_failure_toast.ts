// Says once, in a destructive toast, that a read failed (spec 1 §8 "Fetch failures").
import { useEffect, useRef } from "react";
import { toast } from "./toast/toast";

export function useFailureToast(error: unknown, title: string) {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    toast({ title, variant: "destructive" });
  }, [error, title]);
}
