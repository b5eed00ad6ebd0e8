"""Date and time formats per language (FORMAT_MODULE_PATH): Django's own for nl and fr, and
for English the day/month/year and 24-hour clock a Belgian club reads."""
