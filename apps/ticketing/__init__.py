"""The ticketing app (ServiceNow ITSM-like): incidents, SLAs, problems, changes, catalog, knowledge, CMDB."""
