"""The API driven by a client that a third-party generator (openapi-python-client) made
from ``/api/schema/`` (issue 27), as an integrator would: the generator takes the schema
without a warning; the client reads a sheet, enters a deal (an Idempotency-Key), reads it
back and writes it back unchanged, gets a refusal in the documented error shape, reads a
sheet by its table's code, and downloads a PDF report."""

from __future__ import annotations

import pytest

from club.api.authentication import create_token
from club.models import Deal
from tests.helpers import generated_client as generated
from tests.helpers.reports import in_process  # noqa: F401 (fixture: tasks here, files in tmp)

pytestmark = pytest.mark.django_db

BASE = "http://testserver"
#: What a client sends back of a deal it read (the partnership deal's writable fields).
WRITABLE = ("dealer", "trump", "doubling", "calls", "points", "points_other", "all_tricks",
            "renonce", "cancelled", "blind", "en_face")


@pytest.fixture
def package(client, tmp_path):
    schema = client.get("/api/schema/?format=json").json()
    said = generated.generate(schema, tmp_path)
    assert "Warning" not in said and "WARNING" not in said, said
    with generated.imported(tmp_path) as package, generated.kept_connection():
        yield package


def api(package, world=None):
    if world is None:
        return package.Client(base_url=BASE, httpx_args={"transport": generated.transport()})
    secret = create_token(world.users["organiser"], "generated client")[1]
    return package.AuthenticatedClient(base_url=BASE, token=secret, prefix="Token",
                                       httpx_args={"transport": generated.transport()})


def test_a_generated_client_enters_reads_and_writes_back_a_deal(world, package):
    from troef_client.api.tables import (
        tables_sheet_deals_create,
        tables_sheet_deals_update,
        tables_sheet_retrieve,
    )
    from troef_client.models import Errors, PartnershipDealRequest, TrumpEnum, Written

    client, table = api(package, world), world.table.pk
    sheet = tables_sheet_retrieve.sync(table, client=client)
    assert [deal.number for deal in sheet.deals] == [1]
    deal = PartnershipDealRequest(version=sheet.version, dealer=1, trump=TrumpEnum("c"),
                                  points=40, points_other=20)
    entered = tables_sheet_deals_create.sync_detailed(table, client=client, body=deal,
                                                      idempotency_key="generated-1")
    assert entered.status_code == 201 and isinstance(entered.parsed, Written)
    again = tables_sheet_deals_create.sync(table, client=client, body=deal,
                                           idempotency_key="generated-1")
    assert (again.number, again.version) == (entered.parsed.number, entered.parsed.version)
    assert Deal.objects.filter(table=world.table).count() == 2  # the replay wrote nothing

    sheet = tables_sheet_retrieve.sync(table, client=client)
    read = next(d for d in sheet.deals if d.number == entered.parsed.number).to_dict()
    assert (read["points"], read["trump"]) == (40, "c")
    back = PartnershipDealRequest.from_dict(
        {"version": sheet.version, **{name: read[name] for name in WRITABLE if name in read}})
    written = tables_sheet_deals_update.sync(table, read["number"], client=client, body=back,
                                             idempotency_key="generated-2")
    assert isinstance(written, Written) and written.action == ""  # nothing changed

    refused = tables_sheet_deals_create.sync_detailed(
        table, client=client, idempotency_key="generated-3",
        body=PartnershipDealRequest(version=written.version, dealer=0, trump=TrumpEnum("h"),
                                    points=115))
    assert refused.status_code == 400 and isinstance(refused.parsed, Errors)
    (problem,) = refused.parsed.errors
    assert (problem.field, problem.code) == ("points", "points_total")
    assert "115" in problem.message


def test_a_generated_client_reads_a_sheet_by_its_code_and_gets_a_pdf(world, package, in_process):  # noqa: F811
    from troef_client.api.report_jobs import report_jobs_file_retrieve, report_jobs_retrieve
    from troef_client.api.reports import reports_request
    from troef_client.api.sheet import sheet_retrieve
    from troef_client.models import (
        ChampionshipReportInKindEnum,
        ChampionshipReportInRequest,
        Errors,
    )

    sheet = sheet_retrieve.sync("CODE01", client=api(package))
    assert sheet.version >= 0 and [deal.number for deal in sheet.deals] == [1]
    missing = sheet_retrieve.sync_detailed("NOPE99", client=api(package))
    assert missing.status_code == 404 and isinstance(missing.parsed, Errors)

    client = api(package, world)
    job = reports_request.sync(client=client, body=ChampionshipReportInRequest(
        kind=ChampionshipReportInKindEnum("standings"), championship=world.championship.pk))
    job = report_jobs_retrieve.sync(job.id, client=client)
    assert job.ready, job.message
    pdf = report_jobs_file_retrieve.sync_detailed(job.id, client=client)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
