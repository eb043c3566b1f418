// The lock test page's note on the credential types Last Lock takes.
import Card from "@mui/joy/Card";
import List from "@mui/joy/List";
import ListItem from "@mui/joy/ListItem";
import Typography from "@mui/joy/Typography";
import { CREDENTIAL_TYPES } from "./test_page_rules";

export function CredentialTypesInfo() {
  return (
    <Card component="aside" aria-label="Credential types" color="primary" variant="soft" sx={{ gap: 1 }}>
      <Typography level="title-sm" component="h2" textColor="inherit">Credential Types</Typography>
      <List size="sm" sx={{ "--ListItem-paddingX": 0, "--ListItem-minHeight": "1.5rem" }}>
        {CREDENTIAL_TYPES.map((t) => (
          <ListItem key={t.value}>
            <Typography level="body-sm" textColor="inherit">
              <Typography component="span" fontWeight="lg" sx={{ fontFamily: "code" }}>{t.value}</Typography>: {t.description}
            </Typography>
          </ListItem>
        ))}
      </List>
      <Typography level="body-xs" textColor="inherit">
        Credential data is the card's bytes in base64; the schedule limits it to the time range each day.
      </Typography>
    </Card>
  );
}
