// What surrounds every screen: Joy's default theme (its font is Inter, which
// index.html self-hosts: fonts.css; a theme of our own would only cost a phone
// the building of a second one), query cache (persisted in this browser),
// the offline banner and the toasts. The same tree in the browser and in the
// server rendering of pages (prerender.tsx), so that hydration
// finds exactly the markup it would render.
import { type ReactNode, StrictMode, useEffect } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import CssBaseline from "@mui/joy/CssBaseline";
import GlobalStyles from "@mui/joy/GlobalStyles";
import { CssVarsProvider } from "@mui/joy/styles";
import { Toaster } from "../ui/toast/Toaster";
import { CACHE_BUSTER, CACHE_MAX_AGE_MS, dehydrateOptions, persister } from "../offline/persister";
import { OfflineBanner } from "../offline/OfflineBanner";

// Joy draws placeholders at 0.64 opacity: 4.0:1 on white, under WCAG's 4.5:1 (axe
// failed a Select reading "Loading devices..."). At 0.8 they read 6.4:1 and still look
// like hints. `:root` outranks the components' own class, whichever is inserted last.
const PLACEHOLDERS = {
  ":root .MuiSelect-root": { "--Select-placeholderOpacity": 0.8 },
  ":root :is(.MuiInput-root, .MuiAutocomplete-root)": { "--Input-placeholderOpacity": 0.8 },
  ":root .MuiTextarea-root": { "--Textarea-placeholderOpacity": 0.8 },
};

type Props = {
  queryClient: QueryClient;
  /** Runs once the persisted cache is back in memory (in the browser only). */
  onCacheRestored?: () => void;
  /** Runs once everything inside has mounted (after its effects: a parent's run last). */
  onMounted?: () => void;
  /** The router. */
  children: ReactNode;
};

export function AppShell({ queryClient, onCacheRestored, onMounted, children }: Props) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <StrictMode>
      <CssVarsProvider>
        <CssBaseline />
        <GlobalStyles styles={PLACEHOLDERS} />
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={{ persister, maxAge: CACHE_MAX_AGE_MS, buster: CACHE_BUSTER, dehydrateOptions }}
          onSuccess={onCacheRestored}
        >
          <OfflineBanner />
          {children}
          <Toaster />
        </PersistQueryClientProvider>
      </CssVarsProvider>
    </StrictMode>
  );
}
