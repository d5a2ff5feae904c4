"""A log axis's ticks read as mathematics writes them (10⁻⁴, not the program's 1e-04), and a plot is drawn at
about the size the PDF prints it (0.42 of the line), so that its tick text is not shrunk to 4 pt."""
from __future__ import annotations

import pytest

from verifier.present.report import plots
from verifier.verdicts import Plot


def test_decades_read_as_powers_of_ten():
    assert [plots.tick_label(v) for v in (1e-4, 0.1, 1.0, 10.0, 1e6)] == ["10⁻⁴", "10⁻¹", "1", "10", "10⁶"]


def test_near_miss_a_tick_between_decades_is_a_short_decimal_with_a_minus_sign():
    assert plots.tick_label(0.5) == "0.5" and plots.tick_label(2e-3) == "0.002"
    assert plots.tick_label(0.0) == ""          # no tick label for a value a log axis cannot show


def test_a_tick_between_decades_is_written_out_never_in_a_programs_exponent_form():
    assert [plots.tick_label(v) for v in (3000.0, 30000.0, 200000.0, 5e-4)] == ["3000", "30000", "200000", "0.0005"]
    assert plots.tick_label(3e7) == "3 × 10⁷" and plots.tick_label(2e-6) == "2 × 10⁻⁶"
    assert not any("e" in plots.tick_label(v) for v in (3e3, 2e5, 3e7, 2e-6, 0.5))


def test_the_tick_text_prints_at_six_points_or_more_where_the_pdf_sets_the_plot():
    printed_inches = 0.42 * 6.4                 # the plot's minipage on an A4 text block
    scale = printed_inches / plots.FIGURE_INCHES[0]
    assert plots._RC["xtick.labelsize"] * scale >= 6 and plots._RC["ytick.labelsize"] * scale >= 6


@pytest.mark.slow      # imports matplotlib: seconds
def test_a_log_plot_still_renders():
    plot = Plot("trend", "h", "|d|", {"d": ((1e-4, 1e-3, 1e-2), (1e-8, 1e-6, 1e-4))}, logx=True, logy=True)
    svg, pdf = plots.render(plot, "t")
    assert svg.startswith("<svg") and pdf.startswith(b"%PDF")


def test_a_short_log_axis_labels_a_few_ticks_per_decade_and_a_long_one_only_its_decades():
    assert plots.major_subs(16, 600) == (1.0, 2.0, 5.0)          # d = 16 … 600: 20, 50, 100, 200, 500
    assert plots.major_subs(1, 2000) == (1.0, 3.0)
    assert plots.major_subs(1e-8, 1e-2) == (1.0,)                # near miss: six decades keep one label each
    assert plots.major_subs(0, 10) == (1.0,)


@pytest.mark.slow      # imports matplotlib: seconds
def test_no_two_tick_labels_of_a_short_log_axis_overprint():
    ds = (16.0, 40.0, 80.0, 150.0, 300.0, 600.0)
    plot = Plot("Entropy over the dimension d", "d", "mean H", {"a": (ds, (6.5, 6.4, 6.4, 6.4, 6.4, 6.4))}, logx=True)
    from matplotlib import rc_context
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    with rc_context(plots._RC):
        fig = plots._figure(plot)
        renderer = FigureCanvasAgg(fig).get_renderer()
        fig.draw(renderer)
        ax = fig.axes[0]
        low, high = ax.get_xlim()
        labels = [t for t in ax.xaxis.get_majorticklabels() + ax.xaxis.get_minorticklabels()
                  if t.get_text() and low <= t.get_position()[0] <= high]
        boxes = sorted((t.get_window_extent(renderer) for t in labels), key=lambda b: b.x0)
    assert len(boxes) >= 3                                        # a short axis still says where it is
    assert all(a.x1 < b.x0 for a, b in zip(boxes, boxes[1:]))
